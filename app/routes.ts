import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

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
  route("login", "routes/login.tsx"),
  route("logout", "routes/logout.ts"),
  route("auth/callback", "routes/auth.callback.tsx"),
  route("auth/verify", "routes/auth.verify.tsx"),
  route("auth/v1/.well-known/jwks.json", "routes/jwks.ts"),
  route("account/security", "routes/account.security.tsx"),
  route("members", "routes/members.tsx"),
  route("join", "routes/join.tsx"),
  route("book", "routes/book.tsx"),
  route("booking-confirmation", "routes/booking-confirmation.tsx"),
  route("agents", "routes/agents.tsx"),
  route("contact", "routes/contact.tsx"),
  route("api/send-agent-application", "routes/api.send-agent-application.ts"),
  route("api/send-support-message", "routes/api.send-support-message.ts"),
  ...prefix("admin", [
    layout("routes/admin/layout.tsx", [
      route("users", "routes/admin/users.tsx"),
      route("requests", "routes/admin/requests.tsx"),
    ]),
  ]),
  route("api/manage-users", "routes/api.manage-users.ts"),
  route("dev/outbox", "routes/dev.outbox.tsx"),
  // Any other path shows the locations list, with status 404 (spec section 2).
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
