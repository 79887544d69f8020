/** Configuration every page needs, read once in the root loader. */
export function siteConfig(env: Env, request: Request) {
  return {
    siteName: env.SITE_NAME || "Insider Stays",
    contactEmail: env.CONTACT_EMAIL || "hello@insiderstays.example",
    origin: new URL(request.url).origin,
    turnstileSiteKey: env.TURNSTILE_SITE_KEY ?? "",
  };
}

export type SiteConfig = ReturnType<typeof siteConfig>;
