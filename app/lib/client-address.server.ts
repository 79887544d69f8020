import ipaddr from "ipaddr.js";

/**
 * The subject a per-address limit counts for a request: its IPv4 address, or the /64 network of its
 * IPv6 address. One IPv6 subscriber is usually given a whole /64 and can pick a new address in it
 * for every request, so counting single IPv6 addresses would limit nothing. An IPv4-mapped IPv6
 * address counts as its IPv4 address. Null when Cloudflare gave no (or no valid) address.
 */
export function rateLimitAddress(request: Request): string | null {
  const header = request.headers.get("CF-Connecting-IP")?.trim();
  if (!header || !ipaddr.isValid(header)) return null;
  const address = ipaddr.process(header);
  if (address.kind() === "ipv4") return address.toString();
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${address.toString()}/64`).toString()}/64`;
}
