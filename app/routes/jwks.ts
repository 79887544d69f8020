import { type Route } from "./+types/jwks";
import { publicJwks } from "~/accounts/signing-keys.server";
import { getAppContext } from "~/context";

/** The public keys that verify session tokens. */
export async function loader({ context }: Route.LoaderArgs) {
  return Response.json(await publicJwks(getAppContext(context).env), {
    headers: { "Cache-Control": "public, max-age=300" },
  });
}
