import { describe, expect, it } from "vitest";
import {
  isOrderTransition,
  orderTransitionNames,
  refusalOf,
  transitionRule,
  type OrderTransition,
} from "./order-lifecycle";
import { orderSteps, paymentFlow, statusFlow, type OrderStep } from "./order-status";

type State = Parameters<typeof refusalOf>[2];

describe("the order lifecycle's table", () => {
  it("gives the status and payment flows the back office checks steps with", () => {
    expect(statusFlow).toEqual({
      pending: ["confirmed", "cancelled"],
      confirmed: ["dispatched", "cancelled"],
      dispatched: ["delivered"],
      delivered: [],
      cancelled: [],
    });
    expect(paymentFlow).toEqual({ pending: ["paid"], paid: ["refunded"], refunded: [] });
  });

  it("names a transition for every staff button, moving the same column to the same value", () => {
    for (const step of Object.keys(orderSteps) as OrderStep[]) {
      const rule = transitionRule(orderSteps[step].transition);
      expect({ field: rule.field, to: rule.to }, step).toEqual({
        field: orderSteps[step].field,
        to: orderSteps[step].to,
      });
      expect(rule.actors, step).toContain("staff");
    }
  });

  it("never moves a column to the value it comes from, and every transition has someone to take it", () => {
    for (const name of orderTransitionNames) {
      const rule = transitionRule(name);
      expect(rule.from as readonly string[], name).not.toContain(rule.to);
      expect(rule.actors.length, name).toBeGreaterThan(0);
    }
    // A cancellation always puts the stock back; nothing else does.
    const stockBack = orderTransitionNames.filter((name) => transitionRule(name).stockBack);
    expect(stockBack).toEqual(orderTransitionNames.filter((name) => transitionRule(name).to === "cancelled"));
    expect(isOrderTransition("cancel-by-customer")).toBe(true);
    expect(isOrderTransition("toString")).toBe(false);
  });

  it("refuses what the table does not allow, saying which kind of refusal it is", () => {
    const open: State = { status: "confirmed", paymentStatus: "pending" };
    const refusal = (name: OrderTransition, actor: Parameters<typeof refusalOf>[1], state: State = open) =>
      refusalOf(name, actor, state)?.code ?? null;
    expect(refusal("cancel-by-customer", "customer")).toBeNull();
    expect(refusal("dispatch", "customer")).toBe("not-allowed");
    expect(refusal("cancel-unpaid", "staff")).toBe("not-allowed");
    expect(refusal("record-payment", "provider")).toBeNull();
    // Dispatch waits for the payment; a paid order is not cancelled for want of one.
    expect(refusal("dispatch", "staff")).toBe("wrong-state");
    expect(refusal("dispatch", "staff", { status: "confirmed", paymentStatus: "paid" })).toBeNull();
    expect(refusal("cancel-unpaid", "shop", { status: "pending", paymentStatus: "paid" })).toBe("wrong-state");
    // No payment is recorded on a cancelled order; nothing is cancelled once it left.
    expect(refusal("record-payment", "staff", { status: "cancelled", paymentStatus: "pending" })).toBe("wrong-state");
    expect(refusal("cancel-by-staff", "staff", { status: "dispatched", paymentStatus: "paid" })).toBe("wrong-state");
    expect(refusal("cancel-by-staff", "staff", { status: "cancelled", paymentStatus: "paid" })).toBe("already-done");
    expect(refusal("refund", "staff", { status: "delivered", paymentStatus: "refunded" })).toBe("already-done");
  });
});
