import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** axe-core on the page as shown (WCAG 2.1 A and AA, and best practice): the rules that failed, with where. */
export async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .analyze();
  return results.violations.map((v) => ({
    rule: v.id,
    impact: v.impact,
    where: v.nodes.slice(0, 3).map((n) => n.target.join(" ")),
  }));
}
