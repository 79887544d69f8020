import { env } from "cloudflare:workers";
import { createCookie } from "react-router";
import { describe, expect, it } from "vitest";
import { redirectWithToast } from "~/lib/toast.server";
import { cookiePair, get, visibleText } from "./helpers";

/*
 * Every cookie is written by app/lib/cookies.server.ts: HttpOnly, SameSite=Lax, site-wide, Secure
 * once deployed, and the one-time messages signed.
 */

describe("one-time messages (toasts)", () => {
  it("shows a toast the server wrote once, and clears it", async () => {
    const redirected = await redirectWithToast({ env }, "/locations", {
      type: "success",
      message: "Saved the week",
    });
    const cookie = redirected.headers.getSetCookie()[0]!;
    expect(cookie).toMatch(/^__toast=[^;]+; Max-Age=60; Path=\/; HttpOnly; SameSite=Lax$/);

    const page = await get("/locations", cookiePair(cookie));
    expect(visibleText(await page.text())).toContain("Saved the week");
    expect(page.headers.getSetCookie()).toContain(
      "__toast=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax",
    );
  });

  it("never shows a message the server did not sign, and clears its cookie", async () => {
    const forged = { type: "error", message: "Your account is locked: call +1 555 0100" };
    for (const cookie of [
      // Plain JSON, as toasts were once written.
      `__toast=${encodeURIComponent(JSON.stringify(forged))}`,
      // Encoded as the server encodes it, without its signature.
      cookiePair(await createCookie("__toast").serialize(forged)),
    ]) {
      const page = await get("/locations", cookie);
      expect(page.status).toBe(200);
      expect(visibleText(await page.text())).not.toContain("Your account is locked");
      expect(page.headers.getSetCookie()).toContain(
        "__toast=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax",
      );
    }
  });

  it("leaves another cookie whose name ends the same alone", async () => {
    const page = await get("/locations", "my__toast=kept");
    expect(page.headers.getSetCookie().some((cookie) => cookie.startsWith("__toast="))).toBe(false);
  });
});

describe("the Secure rule", () => {
  it("marks every cookie Secure once deployed (APP_ENV is not development)", async () => {
    const toast = { type: "info", message: "x" } as const;
    const local = await redirectWithToast({ env }, "/", toast);
    expect(local.headers.getSetCookie()[0]).not.toMatch(/;\s*Secure/i);

    const deployed = await redirectWithToast(
      { env: { ...env, APP_ENV: "production" } },
      "/",
      toast,
    );
    expect(deployed.headers.getSetCookie()[0]).toMatch(/; Secure/);
  });
});
