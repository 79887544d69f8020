import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("locations", "routes/locations.tsx"),
  route("locations/:locationId", "routes/location.tsx"),
  route("about", "routes/about.tsx"),
  route("nonprofits", "routes/nonprofits.tsx"),
  route("privacy-policy", "routes/privacy-policy.tsx"),
  route("terms-of-service", "routes/terms-of-service.tsx"),
  route("images/*", "routes/images.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  // Any other path shows the locations list, with status 404 (spec section 2).
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
