import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { type Page } from "@playwright/test";
import type * as Axe from "axe-core";

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

/**
 * The rules that report minor or moderate violations only: neither the rule's impact nor any of
 * its checks' is serious or critical (axe's own metadata). A check for serious violations skips
 * them, a quarter of axe's time.
 */
const MINOR_RULES = (() => {
  const { _audit: audit } = require("axe-core") as {
    _audit: {
      rules: Array<{
        id: string;
        impact?: string;
        any: Array<string | { id: string }>;
        all: Array<string | { id: string }>;
        none: Array<string | { id: string }>;
      }>;
      data: { checks: Record<string, { impact?: string }> };
    };
  };
  const serious = (impact?: string) => impact === "serious" || impact === "critical";
  return audit.rules
    .filter(
      (rule) =>
        !serious(rule.impact) &&
        ![...rule.any, ...rule.all, ...rule.none].some((check) =>
          serious(audit.data.checks[typeof check === "string" ? check : check.id]?.impact),
        ),
    )
    .map((rule) => rule.id);
})();

/**
 * axe's violations on the page, as "rule: where". axe runs in the page itself, injected once per
 * document (@axe-core/playwright's AxeBuilder opens a page of its own for every run: four times
 * as slow); the site's pages have no frames of their own. `within` checks one element only;
 * `seriousOnly` keeps the serious and critical violations.
 */
export async function axeViolations(
  page: Page,
  { within, seriousOnly = false }: { within?: string; seriousOnly?: boolean } = {},
) {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  const skipped = seriousOnly ? MINOR_RULES : [];
  const violations = await page.evaluate(
    async ({ selector, skipped }) => {
      const { axe } = window as unknown as { axe: typeof Axe };
      const results = await axe.run(selector ?? document, {
        resultTypes: ["violations"],
        rules: Object.fromEntries(skipped.map((id) => [id, { enabled: false }])),
      });
      return results.violations.map(({ id, impact, nodes }) => ({
        id,
        impact,
        targets: nodes.map((node) => node.target.join(" ")),
      }));
    },
    { selector: within, skipped },
  );
  return violations
    .filter(({ impact }) => !seriousOnly || impact === "serious" || impact === "critical")
    .map(({ id, targets }) => `${id}: ${targets.join(" | ")}`);
}
