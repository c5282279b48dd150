/**
 * Staff's decision on a customer's return request, line by line (the request itself: customer-orders.service.server.ts;
 * docs/decisions/083). A return changes no order column (docs/guide/order-lifecycle.md). What it puts back in stock
 * and refunds is done by the caller (the back office's returns service) in the same transaction, from what this
 * answers. Kept here, beside the customer's side, so one module writes `return_requests` and `return_lines`.
 */
import type { Db } from "~/db/database.server";
import { inTransaction } from "~/db/transaction.server";
import { formatMoney } from "~/lib/money";
import { fail, failFields, type Result } from "~/lib/result";
import { enqueueJob } from "~/modules/jobs/jobs.service.server";
import { noticeJob } from "~/modules/mail/notice.jobs";
import type { OrderMail } from "./customer-orders.service.server";
import { paymentOf } from "./payments.service.server";
import {
  returnMessages,
  returnRefund,
  returnRemedyLabels,
  type LineDecision,
  type ReturnOutcome,
  type ReturnRemedy,
} from "./returns";
import * as repo from "./returns.repository.server";

export type AcceptedLine = {
  lineId: string;
  position: number;
  name: string;
  quantity: number;
  unitPriceCents: number;
  remedy: ReturnRemedy;
  outcome: ReturnOutcome;
  kind: string;
  itemId: string;
  variantId: string | null;
};

export type LinesDecided = {
  message: string;
  accepted: AcceptedLine[];
  refused: number;
  refund: { linesCents: number; shippingCents: number; totalCents: number; currency: string };
  /** The order was paid by card online: its refund goes back through the provider. */
  byCard: boolean;
};

const outcomeOf: Record<Exclude<LineDecision, "refuse">, ReturnOutcome> = {
  restock: "restocked",
  "write-off": "written-off",
};

/**
 * Decides every open line of the order's return request (`decisions`: line id → restock, write-off or refuse) with a
 * note the customer is e-mailed, in one transaction, and works out the refund: the accepted lines' unit price times
 * quantity (a line asking for a repair or replacement refunds nothing), plus the shipping charge when the whole order
 * came back within the 14 days (once). A line left undecided is refused under its field; a second decision, or two
 * staff at once, is refused with a message and nothing written.
 */
export async function decideReturnLines(
  db: Db,
  input: {
    orderId: string;
    decisions: Record<string, string>;
    note: string;
    deliveredAt: string | null;
    by: { id: string; name: string };
  },
  mail: Pick<OrderMail, "shopName" | "baseUrl">,
  now = new Date(),
): Promise<Result<LinesDecided>> {
  const { orderId, note, by } = input;
  return inTransaction(db, async (trx): Promise<Result<LinesDecided>> => {
    const row = await repo.findRequestWithCustomer(trx, orderId);
    if (!row) return fail("not-found", "This order has no return request.");
    if (row.status !== "requested") return fail("changed", returnMessages.notOpen);
    const lines = await repo.listReturnLines(trx, orderId);
    const open = lines.filter((l) => l.status === "requested");
    if (open.length === 0) return fail("changed", returnMessages.notOpen);
    const errors: Record<string, string> = {};
    for (const line of open) {
      const d = input.decisions[line.id];
      if (d !== "restock" && d !== "write-off" && d !== "refuse")
        errors[`line-${line.id}`] = returnMessages.lineDecisionRequired;
    }
    if (Object.keys(errors).length > 0) return failFields(errors);
    const stamp = now.toISOString();
    const orderLines = await repo.listOrderLines(trx, orderId);
    const accepted: AcceptedLine[] = [];
    let refused = 0;
    for (const line of open) {
      const d = input.decisions[line.id] as LineDecision;
      const outcome = d === "refuse" ? null : outcomeOf[d];
      const done = await repo.decideLineIfOpen(trx, line.id, {
        status: outcome ? "accepted" : "refused",
        outcome,
        at: stamp,
        byName: by.name,
      });
      if (!done) return fail("changed", returnMessages.notOpen);
      if (!outcome) {
        refused += 1;
        continue;
      }
      const sold = orderLines.find((l) => Number(l.position) === Number(line.position));
      accepted.push({
        lineId: line.id,
        position: Number(line.position),
        name: sold?.name ?? line.name ?? "",
        quantity: Number(line.quantity),
        unitPriceCents: Number(line.unit_price_cents),
        remedy: line.remedy,
        outcome,
        kind: sold?.kind ?? "flavour",
        itemId: sold?.item_id ?? "",
        variantId: sold?.variant_id ?? null,
      });
    }
    const header = await repo.findReturnRequest(trx, orderId);
    const money = await repo.findOrderMoney(trx, orderId);
    const after = await repo.listReturnLines(trx, orderId);
    const refund = returnRefund({
      orderLines: orderLines.map((l) => ({ position: Number(l.position), quantity: Number(l.quantity) })),
      returnLines: after.map((l) => ({
        position: Number(l.position),
        quantity: Number(l.quantity),
        status: l.status,
        remedy: l.remedy,
        requestedAt: l.requested_at,
        kind: l.kind,
      })),
      acceptedNow: accepted,
      shippingCents: Number(money?.shipping_cents ?? 0),
      shippingRefunded: Number(header?.shipping_refunded ?? 0) === 1,
      deliveredAt: input.deliveredAt,
    });
    if (refund.shippingCents > 0) await repo.markShippingRefunded(trx, orderId);
    const status = accepted.length > 0 ? "accepted" : "refused";
    const decided = await repo.decideIfWaiting(trx, orderId, {
      status,
      note,
      at: stamp,
      byId: by.id,
      byName: by.name,
    });
    if (!decided) return fail("changed", returnMessages.notOpen);
    const currency = money?.currency ?? "GBP";
    const byCard = (await paymentOf(trx, orderId))?.method === "card-online";
    if (!row.deletedAt) {
      const decidedLines = open.map((line) => {
        const d = input.decisions[line.id] as LineDecision;
        const what =
          d === "refuse"
            ? "refused"
            : `accepted${line.remedy === "refund" ? "" : ` (${returnRemedyLabels[line.remedy].toLowerCase()})`}`;
        return `${line.name ?? ""} × ${Number(line.quantity)}: ${what}.`;
      });
      const money = formatMoney(refund.totalCents, currency);
      await enqueueJob(
        trx,
        noticeJob,
        {
          to: row.email,
          shopName: mail.shopName,
          subject: `${mail.shopName}: your return of order ${orderId} is ${status === "accepted" ? "accepted" : "refused"}`,
          title: `Your return of order ${orderId} is ${status === "accepted" ? "accepted" : "refused"}`,
          greeting: `Hello ${row.firstName || row.name || "there"},`,
          paragraphs: [
            status === "accepted"
              ? `We have decided your return of order ${orderId}, line by line:`
              : `We are sorry: we cannot accept your request to return order ${orderId}.`,
            ...(status === "accepted" ? decidedLines : []),
            ...(refund.totalCents > 0
              ? [
                  byCard
                    ? `We are refunding ${money} to the card you paid with${refund.shippingCents > 0 ? " (the shipping charge included)" : ""}: it reaches your account within a few working days.`
                    : `We have refunded ${money}${refund.shippingCents > 0 ? " (the shipping charge included)" : ""} the way you paid.`,
                ]
              : []),
            // The note is the staff member's own sentence, with its own full stop: nothing is added after it.
            `A note from the shop: “${note}”`,
          ],
          action: { label: "See your order", url: `${mail.baseUrl}/account/orders/${orderId}` },
        },
        now,
      );
    }
    return {
      ok: true,
      message:
        refund.totalCents > 0
          ? returnMessages.decidedWithRefund(orderId, formatMoney(refund.totalCents, currency))
          : returnMessages.decided(orderId, status),
      accepted,
      refused,
      refund: { ...refund, currency },
      byCard,
    };
  });
}
