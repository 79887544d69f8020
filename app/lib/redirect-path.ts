import { hasControlCharacter } from "./text";

/**
 * A path of this site to go to after a sign-in or a form (no open redirect): `dest` when it is one,
 * else `fallback`.
 */
export function safeRedirectPath(dest: string | null | undefined, fallback = "/members") {
  if (!dest) return fallback;
  let decoded: string;
  try {
    decoded = decodeURIComponent(dest);
  } catch {
    return fallback;
  }
  // Checked raw and decoded: an encoded backslash or slash must not sneak a host in.
  for (const value of [dest, decoded]) {
    if (
      !value.startsWith("/") ||
      value.startsWith("//") ||
      value.includes("\\") ||
      hasControlCharacter(value)
    ) {
      return fallback;
    }
  }
  try {
    const url = new URL(dest, "http://same.site");
    const path = `${url.pathname}${url.search}${url.hash}`;
    // Checked again once dot segments are resolved: `/..//evil.example` becomes `//evil.example`,
    // which a browser follows to another host.
    return url.origin === "http://same.site" && !path.startsWith("//") ? path : fallback;
  } catch {
    return fallback;
  }
}
