import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { dutyMessages, type DutyOverview } from "~/modules/duty/duty";
import { DutyPanel, type DisposalAnswer } from "./duty-panel";

const html = (overview: DutyOverview, answer: DisposalAnswer | null = null) => {
  const Stub = createRoutesStub([{ path: "/admin", Component: () => createElement(DutyPanel, { overview, answer }) }]);
  return renderToStaticMarkup(createElement(Stub, { initialEntries: ["/admin"] })).replace(/&#x27;/g, "'");
};
// As read: tags dropped, as a screen reader or the eye takes it.
const read = (markup: string) => markup.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

const mango = { variantId: "v1", sku: "MANGO-10", name: "Mango Ice, 10 mg", units: 5, valueCents: 2495 };
const lime = { variantId: "v2", sku: "LIME-20", name: "Lime, 20 mg", units: 1, valueCents: 499 };
// 15 January 2027 (the dashboard's overview then): 76 days left.
const january: DutyOverview = { sellable: true, daysLeft: 76, unstamped: [mango], quarantined: [] };

describe("the dashboard's duty panel", () => {
  it("shows nothing when no unstamped unit is left to warn of and none is held back", () => {
    expect(html({ sellable: true, daysLeft: 123, unstamped: [], quarantined: [] })).toBe("");
  });

  it("lists each variant's unstamped units left, their value and the days left to sell them", () => {
    const markup = html(january);
    expect(markup).toContain('aria-labelledby="unstamped-heading"');
    expect(read(markup)).toContain(
      "Mango Ice, 10 mg MANGO-10 5 units · £24.95 · 76 days left to sell (until 31 March 2027)",
    );
    expect(markup).not.toContain("Held back from sale");
  });

  it("offers a return or destruction record per variant held back, with the answer's errors under its fields", () => {
    const after: DutyOverview = { sellable: false, daysLeft: 0, unstamped: [], quarantined: [mango, lime] };
    const answer = { variantId: "v2", errors: { units: dutyMessages.disposalUnits(1) }, formError: null };
    const markup = html(after, answer);
    expect(read(markup)).toContain("Held back from sale (unstamped)");
    expect(markup).not.toContain('id="unstamped-heading"');
    expect(markup.match(/<form [^>]*method="post"/g)).toHaveLength(2);
    expect(markup.match(/<button [^>]*value="returned"[^>]*name="kind"/g)).toHaveLength(2);
    expect(markup.match(/<button [^>]*value="destroyed"[^>]*name="kind"/g)).toHaveLength(2);
    expect(markup).toContain('aria-label="Supplier\'s or destruction reference, LIME-20"');
    // The error is under Lime's units, described by it; Mango's form says nothing.
    const limeUnits = markup.match(/<input [^>]*aria-label="Units, LIME-20"[^>]*>/)?.[0] ?? "";
    expect(limeUnits).toContain('aria-invalid="true"');
    expect(limeUnits).toContain('aria-describedby="dispose-v2-units-error"');
    expect(markup).toContain(
      `<p id="dispose-v2-units-error" class="mt-1 text-sm text-rose-700">${dutyMessages.disposalUnits(1)}</p>`,
    );
    expect(markup).not.toContain("dispose-v1-units-error");
  });
});
