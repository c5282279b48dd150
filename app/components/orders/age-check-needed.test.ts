import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { AgeCheckNeeded } from "./age-check-needed";

// The note on an order held for the age check, as read (tags dropped, as a screen reader or the eye takes it).
const read = (props: Parameters<typeof AgeCheckNeeded>[0]) => {
  const Stub = createRoutesStub([{ path: "/", Component: () => createElement(AgeCheckNeeded, props) }]);
  return renderToStaticMarkup(createElement(Stub))
    .replace(/<[^>]+>/g, "")
    .replace(/&#x27;/g, "'");
};

describe("'Age check needed' on an order", () => {
  it("reads as a sentence to the customer: no space before the colon", () => {
    expect(read({ status: "pending", forStaff: false })).toMatch(
      /^Age check needed: we confirm your age before your first order is dispatched\. We are confirming your age\./,
    );
    expect(read({ status: "failed", forStaff: false })).toMatch(/^Age check needed: we confirm your age/);
  });

  it("tells staff where the check stands", () => {
    expect(read({ status: "pending", forStaff: true, customerId: "c1", documentWaiting: true })).toMatch(
      /^Age check needed \(the customer's age check: being checked; their photo ID is waiting for you\)\./,
    );
  });
});
