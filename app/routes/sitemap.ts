import { type Route } from "./+types/sitemap";
import { getAppContext } from "~/context";
import { locationPath } from "~/catalogue/locations";
import { listVisibleLocationPaths } from "~/catalogue/location-reads.server";

const STATIC_PATHS = [
  "/",
  "/locations",
  "/about",
  "/nonprofits",
  "/privacy-policy",
  "/terms-of-service",
];

const escapeXml = (value: string) => value.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

export async function loader({ context }: Route.LoaderArgs) {
  const { db, site } = getAppContext(context);
  const { origin } = site;
  const locations = await listVisibleLocationPaths(db);
  const urls = [
    ...STATIC_PATHS.map((path) => `<url><loc>${escapeXml(origin + path)}</loc></url>`),
    ...locations.map(
      (location) =>
        `<url><loc>${escapeXml(origin + locationPath(location))}</loc><lastmod>${escapeXml(
          location.updatedAt.slice(0, 10),
        )}</lastmod></url>`,
    ),
  ];
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
