import { expect, type BrowserContext, type Response } from "@playwright/test";

/**
 * Every Content-Security-Policy violation that the pages of `context` report, frames included,
 * as "page: directive blocked what (where)". Needs JavaScript; without it the browser only logs
 * them as console errors.
 */
export async function recordCspViolations(context: BrowserContext) {
  const violations: string[] = [];
  await context.exposeBinding("reportCspViolation", ({ page }, violation: string) => {
    violations.push(`${new URL(page.url()).pathname}: ${violation}`);
  });
  await context.addInitScript(() => {
    const report = (window as unknown as { reportCspViolation: (violation: string) => void })
      .reportCspViolation;
    document.addEventListener("securitypolicyviolation", (event) => {
      report(
        `${event.effectiveDirective} blocked ${event.blockedURI || "an inline script or style"} (${event.sourceFile || "the page"}:${event.lineNumber})`,
      );
    });
  });
  return violations;
}

/** The page came with a policy whose scripts need the request's nonce, never plain inline. */
export function expectScriptNonce(response: Response | null, at: string) {
  const policy = response?.headers()["content-security-policy"] ?? "";
  const scriptSources =
    policy
      .split(";")
      .map((directive) => directive.trim())
      .find((directive) => directive.startsWith("script-src ")) ?? "";
  expect.soft(scriptSources, `${at}: the policy's script sources`).toMatch(/ 'nonce-[^']+'/);
  expect.soft(scriptSources, `${at}: the policy's script sources`).not.toContain("'unsafe-inline'");
}
