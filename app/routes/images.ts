import { type Route } from "./+types/images";
import { getAppContext } from "~/context";
import { readImage } from "~/catalogue/image-store.server";

/** Image bytes from R2 at stable URLs: /images/{key}. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  return readImage(getAppContext(context).env.IMAGE_BUCKET, params["*"] ?? "", request);
}
