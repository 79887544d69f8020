import { describe, expect, it } from "vitest";
import { rateLimitAddress } from "~/lib/client-address.server";

const from = (address?: string) =>
  rateLimitAddress(
    new Request("https://insiderstays.example/contact", {
      headers: address === undefined ? {} : { "CF-Connecting-IP": address },
    }),
  );

describe("the address a per-address limit counts", () => {
  it("is the IPv4 address itself", () => {
    expect(from("203.0.113.7")).toBe("203.0.113.7");
    expect(from("203.0.113.8")).toBe("203.0.113.8");
  });

  it("is the /64 network of an IPv6 address, however it is written", () => {
    const subject = "2001:db8:1234:5678::/64";
    expect(from("2001:db8:1234:5678::1")).toBe(subject);
    expect(from("2001:db8:1234:5678:aaaa:bbbb:cccc:dddd")).toBe(subject);
    expect(from("2001:0DB8:1234:5678:0:0:0:9")).toBe(subject);
    expect(from("2001:db8:1234:5679::1")).toBe("2001:db8:1234:5679::/64");
  });

  it("counts an IPv4-mapped IPv6 address as its IPv4 address", () => {
    expect(from("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  it("is null without a valid address", () => {
    expect(from()).toBeNull();
    expect(from("")).toBeNull();
    expect(from("not an address")).toBeNull();
    expect(from("2001:db8::g")).toBeNull();
  });
});
