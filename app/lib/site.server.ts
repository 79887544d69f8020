/**
 * The site's configuration, read from the environment in one place (with the local defaults of
 * wrangler.toml), once per request into the request context.
 */
export function siteConfig(env: Env, request: Request) {
  const contactEmail = env.CONTACT_EMAIL || "hello@insiderstays.example";
  return {
    siteName: env.SITE_NAME || "Insider Stays",
    contactEmail,
    contactPhone: env.CONTACT_PHONE?.trim() || null,
    /** Where booking requests, agent applications and support messages are e-mailed. */
    staffEmail: env.STAFF_EMAIL || contactEmail,
    origin: siteOrigin(env, request),
    turnstileSiteKey: env.TURNSTILE_SITE_KEY ?? "",
  };
}

/**
 * The site's own address, for the links it writes out (e-mails, canonical tags, the sitemap):
 * SITE_URL when configured, so a request that came through another host (a *.workers.dev alias, a
 * preview) never mails or declares links to it; the request's own origin when it is not (local).
 */
function siteOrigin(env: Env, request: Request) {
  const configured = URL.parse(env.SITE_URL ?? "");
  return configured && /^https?:$/.test(configured.protocol)
    ? configured.origin
    : new URL(request.url).origin;
}

export type SiteConfig = ReturnType<typeof siteConfig>;

/** What pages receive of it (the root loader's data): not where staff e-mail goes. */
export type PublicSiteConfig = Omit<SiteConfig, "staffEmail">;

/** The external agent application form that /join embeds: an https script from configuration only. */
export function joinFormScriptUrl(env: Env) {
  const url = URL.parse(env.JOIN_FORM_SCRIPT_URL ?? "");
  return url?.protocol === "https:" ? url : null;
}
