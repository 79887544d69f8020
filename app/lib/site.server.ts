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
    origin: new URL(request.url).origin,
    turnstileSiteKey: env.TURNSTILE_SITE_KEY ?? "",
  };
}

export type SiteConfig = ReturnType<typeof siteConfig>;

/** What pages receive of it (the root loader's data): not where staff e-mail goes. */
export type PublicSiteConfig = Omit<SiteConfig, "staffEmail">;

/** The external agent application form that /join embeds: an https script from configuration only. */
export function joinFormScriptUrl(env: Env) {
  const url = URL.parse(env.JOIN_FORM_SCRIPT_URL ?? "");
  return url?.protocol === "https:" ? url : null;
}
