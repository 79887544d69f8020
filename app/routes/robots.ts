import { type Route } from "./+types/robots";
import { getAppContext } from "~/context";

export function loader({ context }: Route.LoaderArgs) {
  const { origin } = getAppContext(context).site;
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /api/",
    "Disallow: /book",
    "Disallow: /members",
    "Disallow: /auth/",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=86400",
    },
  });
}
