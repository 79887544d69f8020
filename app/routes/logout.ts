import { redirect } from "react-router";
import { type Route } from "./+types/logout";
import { getAuth } from "~/accounts/guards.server";
import { clearSessionCookie, destroySession } from "~/accounts/session.server";
import { getAppContext } from "~/context";
import { redirectWithToast } from "~/lib/toast.server";

/** Signing out is a POST; a GET only goes home. */
export function loader() {
  return redirect("/");
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method.toUpperCase() !== "POST") {
    return new Response("Method not allowed. Sign out with a POST.", {
      status: 405,
      headers: { Allow: "GET, POST" },
    });
  }
  const app = getAppContext(context);
  const headers = { "Set-Cookie": await clearSessionCookie(app.env) };
  try {
    const auth = await getAuth(context, { withCodePending: true });
    if (auth) await destroySession(app.db, auth.session.id);
  } catch (error) {
    console.error("sign out", error);
    return redirectWithToast(
      app,
      "/",
      { type: "error", message: "Failed to sign out" },
      { headers },
    );
  }
  return redirectWithToast(
    app,
    "/",
    { type: "success", message: "Signed out successfully" },
    { headers },
  );
}
