import { createCookie } from "react-router";
import { describe, expect, it } from "vitest";
import { BOT_CHECK, cookiePair, ORIGIN, request, uniqueEmail } from "./helpers";

/*
 * Reads go to the nearest D1 replica; after a write the browser gets the write's bookmark, and
 * its next requests read a copy at least that new.
 */

const bookmarkCookie = (response: Response) =>
  response.headers.getSetCookie().find((cookie) => cookie.startsWith("__d1_bookmark=")) ?? null;

describe("D1 sessions", () => {
  it("hands back the bookmark of a write, and reads with it afterwards", async () => {
    const response = await request("/contact", {
      method: "POST",
      headers: { Origin: ORIGIN },
      body: new URLSearchParams({
        firstName: "Sam",
        lastName: "Reader",
        email: uniqueEmail("replica"),
        phone: "555-0199",
        message: "Do you have a week in June?",
        idempotencyKey: crypto.randomUUID(),
        ...BOT_CHECK,
      }),
    });
    expect(response.status).toBe(200);
    const cookie = bookmarkCookie(response);
    expect(cookie).toMatch(/^__d1_bookmark=[^;]+; Max-Age=300; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(await createCookie("__d1_bookmark").parse(cookie)).toMatch(/^[0-9a-f]+(-[0-9a-f]+)+$/);

    const next = await request("/locations", { headers: { Cookie: cookiePair(cookie!) } });
    expect(next.status).toBe(200);
    // Someone reading their own write is not served a shared copy.
    expect(next.headers.get("X-Page-Cache")).toBeNull();
  });

  it("sets no bookmark for a read", async () => {
    const response = await request("/locations");
    expect(bookmarkCookie(response)).toBeNull();
  });

  it("ignores a bookmark it cannot use: the page is served", async () => {
    const response = await request("/locations", {
      headers: { Cookie: "__d1_bookmark=not-a-bookmark" },
    });
    expect(response.status).toBe(200);
  });
});
