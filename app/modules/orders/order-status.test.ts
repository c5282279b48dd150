import { describe, expect, it } from "vitest";
import { canMove, checkStep, nextSteps, orderSteps, statusLabel, stepMessages } from "./order-status";
import { orderStatuses, paymentStatuses } from "./orders";

describe("order status rules", () => {
  it("moves the status one step forward at a time, and cancels only before dispatch", () => {
    const allowed = orderStatuses.flatMap((from) =>
      orderStatuses.filter((to) => canMove("status", from, to)).map((to) => `${from}→${to}`),
    );
    expect(allowed).toEqual([
      "pending→confirmed",
      "pending→cancelled",
      "confirmed→dispatched",
      "confirmed→cancelled",
      "dispatched→delivered",
    ]);
  });

  it("moves the payment status pending → paid → refunded only", () => {
    const allowed = paymentStatuses.flatMap((from) =>
      paymentStatuses.filter((to) => canMove("paymentStatus", from, to)).map((to) => `${from}→${to}`),
    );
    expect(allowed).toEqual(["pending→paid", "paid→refunded"]);
  });

  it("never moves to or from a value it does not know, nor across fields", () => {
    expect(canMove("status", "pending", "shipped")).toBe(false);
    expect(canMove("status", "lost", "confirmed")).toBe(false);
    expect(canMove("status", "pending", "paid")).toBe(false);
    expect(canMove("paymentStatus", "pending", "confirmed")).toBe(false);
    expect(canMove("paymentStatus", "__proto__", "paid")).toBe(false);
  });

  it("offers only the buttons for the next steps", () => {
    const buttons = (status: (typeof orderStatuses)[number], paymentStatus: (typeof paymentStatuses)[number]) =>
      nextSteps({ status, paymentStatus }).map((s) => orderSteps[s].button);
    // Paid is no bare button: the back office records a payment with its method, reference and amount (decision 045).
    expect(buttons("pending", "pending")).toEqual(["Mark confirmed", "Cancel order"]);
    expect(buttons("confirmed", "paid")).toEqual(["Mark dispatched", "Cancel order", "Mark refunded"]);
    expect(buttons("dispatched", "paid")).toEqual(["Mark delivered", "Mark refunded"]);
    expect(buttons("delivered", "refunded")).toEqual([]);
    expect(buttons("cancelled", "pending")).toEqual([]);
  });

  it("accepts a step from what the page showed", () => {
    expect(checkStep("confirm", { status: "pending", paymentStatus: "pending" }, "pending")).toEqual({
      ok: true,
      field: "status",
      from: "pending",
      to: "confirmed",
    });
    expect(checkStep("refund", { status: "delivered", paymentStatus: "paid" }, "paid")).toEqual({
      ok: true,
      field: "paymentStatus",
      from: "paid",
      to: "refunded",
    });
  });

  it("refuses skipped steps, steps back, cancelling after dispatch and final states, saying what is possible", () => {
    expect(checkStep("dispatch", { status: "pending", paymentStatus: "pending" }, "pending")).toEqual({
      ok: false,
      code: "wrong-state",
      message: "Status cannot go from Pending to Dispatched: the next step is Confirmed or Cancelled.",
    });
    expect(checkStep("confirm", { status: "dispatched", paymentStatus: "pending" }, "dispatched")).toEqual({
      ok: false,
      code: "wrong-state",
      message: "Status cannot go from Dispatched to Confirmed: the next step is Delivered.",
    });
    expect(checkStep("cancel", { status: "dispatched", paymentStatus: "paid" }, "dispatched")).toMatchObject({
      ok: false,
    });
    expect(checkStep("cancel", { status: "delivered", paymentStatus: "paid" }, "delivered")).toEqual({
      ok: false,
      code: "wrong-state",
      message: "Status cannot go from Delivered to Cancelled: Delivered is final.",
    });
    expect(checkStep("refund", { status: "pending", paymentStatus: "pending" }, "pending")).toEqual({
      ok: false,
      code: "wrong-state",
      message: "Payment cannot go from Payment pending to Refunded: the next step is Paid.",
    });
    expect(checkStep("pay", { status: "pending", paymentStatus: "pending" }, "pending")).toEqual({
      ok: false,
      code: "invalid",
      message: stepMessages.unknown,
    });
    expect(checkStep("confirm", { status: "confirmed", paymentStatus: "pending" }, "confirmed")).toEqual({
      ok: false,
      code: "already-done",
      message: "Status is already Confirmed.",
    });
  });

  it("refuses a step taken from a stale page, or one it does not know", () => {
    const stale = checkStep("confirm", { status: "confirmed", paymentStatus: "pending" }, "pending");
    expect(stale).toEqual({
      ok: false,
      code: "changed",
      message:
        "This order changed while you were looking at it: status is now Confirmed. Nothing was changed; check it and try again.",
    });
    expect(checkStep("pay", { status: "pending", paymentStatus: "paid" }, undefined)).toMatchObject({ ok: false });
    for (const step of ["ship", "", null, 3, "toString", "__proto__"]) {
      expect(checkStep(step, { status: "pending", paymentStatus: "pending" }, "pending")).toEqual({
        ok: false,
        code: "invalid",
        message: stepMessages.unknown,
      });
    }
  });

  it("names every value as shoppers read it", () => {
    expect(orderStatuses.map((s) => statusLabel("status", s))).toEqual([
      "Pending",
      "Confirmed",
      "Dispatched",
      "Delivered",
      "Cancelled",
    ]);
    expect(paymentStatuses.map((s) => statusLabel("paymentStatus", s))).toEqual([
      "Payment pending",
      "Paid",
      "Refunded",
    ]);
  });
});
