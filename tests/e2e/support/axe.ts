import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { type Page } from "@playwright/test";
import type * as Axe from "axe-core";

const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve("axe-core/axe.min.js"),
  "utf8",
);

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
  const violations = await page.evaluate(async (selector) => {
    const { axe } = window as unknown as { axe: typeof Axe };
    const results = await axe.run(selector ?? document, { resultTypes: ["violations"] });
    return results.violations.map(({ id, impact, nodes }) => ({
      id,
      impact,
      targets: nodes.map((node) => node.target.join(" ")),
    }));
  }, within);
  return violations
    .filter(({ impact }) => !seriousOnly || impact === "serious" || impact === "critical")
    .map(({ id, targets }) => `${id}: ${targets.join(" | ")}`);
}
