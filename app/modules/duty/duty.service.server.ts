/**
 * The Vaping Products Duty record a UK retailer keeps (docs/decisions/079, docs/guide/uk-rules.md): each delivery at
 * goods in (supplier, invoice, approval reference, stamped or not), the unstamped stock and its cut-off (1 April
 * 2027), what is held back from sale and what became of it, and the reports for a period. The stock moves through
 * the stock module, in the same transaction as the record.
 */
import { stringify } from "csv-stringify/sync";
import type { Db } from "~/db/database.server";
import { isUniqueViolation } from "~/db/errors.server";
import { inTransaction } from "~/db/transaction.server";
import { check } from "~/lib/form-check";
import { newId } from "~/lib/ids.server";
import { formatMoney } from "~/lib/money";
import { fail, failFields, ok, type FieldErrors, type Result } from "~/lib/result";
import { addDays, shopDate, shopDayStart } from "~/lib/shop-time";
import type { SessionUser } from "~/modules/accounts/accounts";
import { assertAllowed, auditActorOf } from "~/modules/accounts/staff";
import { recordAudit } from "~/modules/audit/audit.service.server";
import {
  UNSTAMPED_SALE_ENDS_AT,
  UNSTAMPED_WARNING_FROM,
  UNSTAMPED_WEEKLY_MAIL_FROM,
  unitsFate,
  unstampedDaysLeft,
  unstampedSellable,
} from "~/modules/compliance/duty-stamps";
import { vapingDutyCents } from "~/modules/compliance/vaping-duty";
import { countJobsByKindAndStatus, enqueueJob } from "~/modules/jobs/jobs.service.server";
import { noticeJob } from "~/modules/mail/notice.jobs";
import { disposeQuarantined, quarantineAllUnstamped, receiveGoods } from "~/modules/stock/stock.service.server";
import { disposalLabels, dutyMessages as m, type DutyOverview, type DutyStockRow } from "./duty";
import { dutyCutoffJob, dutyReminderJob } from "./duty.jobs";
import {
  disposalInput,
  filledRows,
  goodsInHeader,
  goodsInLine,
  lineField,
  lineFields,
  reportPeriod,
} from "./duty.schema";
import * as repo from "./duty.repository.server";

const fold = (name: string) => name.trim().replace(/\s+/g, " ").toLowerCase();

export type GoodsInDone = Result<{ invoice: string; units: number; quarantined: number }>;

/**
 * Records a delivery (staff only): the header and each filled line, checked (a SKU that exists and is not archived,
 * whole units, stamped or not, and for unstamped units whether they were made before the duty), then in one
 * transaction the record and the stock: stamped and lawful unstamped units go on sale, other unstamped units are
 * held back. The same supplier's invoice twice (two staff at once included): refused, nothing saved.
 */
export async function recordGoodsIn(
  db: Db,
  actor: SessionUser | null,
  values: Record<string, string>,
  now = new Date(),
): Promise<GoodsInDone> {
  assertAllowed(actor, "stock.edit");
  const header = check(goodsInHeader, values);
  const errors: FieldErrors = header.ok ? {} : { ...header.fieldErrors };
  const receivedOn = (values.receivedOn ?? "").trim();
  if (!errors.receivedOn && receivedOn > shopDate(now)) errors.receivedOn = m.dateFuture;
  else if (!errors.receivedOn && receivedOn < "2000-01-01") errors.receivedOn = m.dateOld;
  const rows = filledRows(values);
  if (rows.length === 0) errors.sku_0 = m.noLines;
  const lines: Array<{ row: number; input: ReturnType<typeof goodsInLine.parse> }> = [];
  for (const row of rows) {
    const raw = Object.fromEntries(lineFields.map((name) => [name, values[lineField(name, row)] ?? ""]));
    const parsed = goodsInLine.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) errors[lineField(issue.path[0] as never, row)] ??= issue.message;
      continue;
    }
    if (!parsed.data.stamped && parsed.data.madeBeforeDuty === "") {
      errors[lineField("madeBeforeDuty", row)] = m.madeBeforeMissing;
      continue;
    }
    lines.push({ row, input: parsed.data });
  }
  const variants = new Map<number, NonNullable<Awaited<ReturnType<typeof repo.findVariantBySku>>>>();
  for (const { row, input } of lines) {
    const variant = await repo.findVariantBySku(db, input.sku);
    if (!variant) errors[lineField("sku", row)] = m.skuUnknown(input.sku);
    else if (Number(variant.archived) === 1) errors[lineField("sku", row)] = m.skuArchived(input.sku);
    else variants.set(row, variant);
  }
  if (!header.ok || Object.keys(errors).length > 0) return failFields(errors);
  const { supplier, invoiceReference, approvalReference } = header.data;
  const stamp = now.toISOString();
  const id = newId(16);
  const placed = lines.map(({ row, input }) => {
    const variant = variants.get(row)!;
    const fate = unitsFate({ stamped: input.stamped, madeBeforeDuty: input.madeBeforeDuty === "yes" }, now);
    return { input, variant, fate };
  });
  try {
    return await inTransaction(db, async (trx): Promise<GoodsInDone> => {
      await repo.insertGoodsIn(
        trx,
        {
          id,
          supplier,
          supplier_key: fold(supplier),
          invoice_reference: invoiceReference,
          approval_reference: approvalReference,
          received_on: receivedOn,
          by_user_id: actor.id,
          by_name: actor.name || actor.email,
          created_at: stamp,
        },
        placed.map(({ input, variant, fate }) => ({
          id: newId(16),
          goods_in_id: id,
          variant_id: variant.id,
          sku: variant.sku,
          units: input.units,
          stamped: input.stamped ? 1 : 0,
          made_before_duty: input.madeBeforeDuty === "yes" ? 1 : 0,
          sellable_units: fate === "quarantined" ? 0 : input.units,
          quarantined_units: fate === "quarantined" ? input.units : 0,
          liquid_tenths: variant.liquid_tenths === null ? null : Number(variant.liquid_tenths),
          stamp_code: input.stampCode || null,
        })),
      );
      await receiveGoods(
        trx,
        placed.map(({ input, variant, fate }) => ({
          kind: variant.kind,
          itemId: variant.item_id,
          variantId: variant.id,
          stamped: fate === "stamped" ? input.units : 0,
          unstamped: fate === "unstamped" ? input.units : 0,
          quarantined: fate === "quarantined" ? input.units : 0,
        })),
        { id: actor.id, name: actor.name || actor.email },
        stamp,
        `Goods in: ${supplier} invoice ${invoiceReference}`,
      );
      const units = placed.reduce((sum, p) => sum + p.input.units, 0);
      const quarantined = placed.filter((p) => p.fate === "quarantined").reduce((sum, p) => sum + p.input.units, 0);
      await recordAudit(trx, auditActorOf(actor), {
        action: "stock.goods-in",
        entity: "goods-in",
        entityId: id,
        details: { supplier, invoice: invoiceReference, receivedOn, lines: placed.length, units, quarantined },
      });
      return ok({ invoice: invoiceReference, units, quarantined });
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return {
      ...fail("already-done", m.alreadyRecorded(invoiceReference, supplier)),
      fieldErrors: { invoiceReference: m.alreadyRecorded(invoiceReference, supplier) },
    };
  }
}

/** Staff record quarantined units returned to the supplier or destroyed: they leave the shop, with who and when. */
export async function recordDisposal(
  db: Db,
  actor: SessionUser | null,
  values: Record<string, string>,
  now = new Date(),
): Promise<Result<{ units: number; kind: "returned" | "destroyed" }>> {
  assertAllowed(actor, "stock.edit");
  const checked = check(disposalInput, values);
  if (!checked.ok) return checked;
  const { variantId, units, kind, supplierReference, stampCode } = checked.data;
  return inTransaction(db, async (trx) => {
    const variant = await repo.findVariantHeld(trx, variantId);
    if (!variant) return fail("not-found", "There is no such variant.");
    const held = Number(variant.quarantined_units);
    if (units > held) return failFields({ units: m.disposalUnits(held) });
    const stamp = now.toISOString();
    const by = { id: actor.id, name: actor.name || actor.email };
    const of = { kind: variant.kind, itemId: variant.item_id, variantId };
    const note = `${disposalLabels[kind].toLowerCase()} (${supplierReference})`;
    if (!(await disposeQuarantined(trx, of, units, by, stamp, note))) return fail("changed", m.disposalNotHeld);
    const disposalId = newId(16);
    await repo.insertDisposal(trx, {
      id: disposalId,
      variant_id: variantId,
      sku: variant.sku,
      units,
      kind,
      supplier_reference: supplierReference,
      stamp_code: stampCode || null,
      by_user_id: by.id,
      by_name: by.name,
      created_at: stamp,
    });
    await recordAudit(trx, auditActorOf(actor), {
      action: "duty.disposal",
      entity: "variant",
      entityId: variantId,
      details: { disposal: disposalId, sku: variant.sku, units, kind, supplierReference },
    });
    return ok({ units, kind });
  });
}

const stockRow = (r: Awaited<ReturnType<typeof repo.dutyStock>>[number], units: number): DutyStockRow => ({
  variantId: r.id,
  sku: r.sku,
  name: [r.name, r.flavour, `${r.nicotine_strength} mg`].filter(Boolean).join(", "),
  units,
  valueCents: units * Number(r.price_cents),
});

/** What the dashboard shows: from 1 January 2027 the unstamped units left and their value; always what is held back. */
export async function dutyOverview(db: Db, now = new Date()): Promise<DutyOverview> {
  const rows = await repo.dutyStock(db);
  const warn = now.toISOString() >= UNSTAMPED_WARNING_FROM;
  return {
    sellable: unstampedSellable(now),
    daysLeft: unstampedDaysLeft(now),
    unstamped: warn
      ? rows.filter((r) => Number(r.unstamped_units) > 0).map((r) => stockRow(r, Number(r.unstamped_units)))
      : [],
    quarantined: rows
      .filter((r) => Number(r.quarantined_units) > 0)
      .map((r) => stockRow(r, Number(r.quarantined_units))),
  };
}

/** The latest deliveries recorded at goods in. */
export async function latestGoodsIn(db: Db) {
  return (await repo.latestDeliveries(db)).map((r) => ({
    id: r.id,
    supplier: r.supplier,
    invoice: r.invoice_reference,
    approval: r.approval_reference,
    receivedOn: r.received_on,
    byName: r.by_name,
    units: Number(r.units),
    quarantined: Number(r.quarantined),
  }));
}

// ---------- Reports ----------

export type DutyReport = "goods-in" | "unstamped";

/**
 * A period's report as CSV (days in London time, both included): every delivery line at goods in (supplier, approval
 * reference, invoice, units, stamped or not, litres, duty carried), or what became of unstamped units (sold, back
 * from a cancelled order, held back at the cut-off, returned, destroyed).
 */
export async function dutyReportCsv(
  db: Db,
  actor: SessionUser | null,
  report: DutyReport,
  values: Record<string, string>,
): Promise<Result<{ csv: string; fileName: string }>> {
  assertAllowed(actor, "stock.edit");
  const made = await dutyReport(db, report, values);
  if (made.ok)
    await recordAudit(db, auditActorOf(actor), {
      action: "duty.report-download",
      entity: "duty-report",
      entityId: report,
      details: { fileName: made.fileName },
    });
  return made;
}

async function dutyReport(
  db: Db,
  report: DutyReport,
  values: Record<string, string>,
): Promise<Result<{ csv: string; fileName: string }>> {
  const period = check(reportPeriod, values);
  if (!period.ok) return period;
  const { from, to } = period.data;
  const fileName = `${report}-${from}-to-${to}.csv`;
  if (report === "goods-in") {
    const rows = await repo.goodsInBetween(db, from, to);
    const csv = stringify(
      rows.map((r) => {
        const litres =
          r.liquid_tenths === null ? "" : ((Number(r.liquid_tenths) * Number(r.units)) / 10_000).toFixed(4);
        const perUnit = r.liquid_tenths === null ? null : vapingDutyCents(Number(r.liquid_tenths));
        return [
          r.received_on,
          r.supplier,
          r.approval_reference,
          r.invoice_reference,
          r.sku,
          Number(r.units),
          Number(r.stamped) === 1 ? "stamped" : "unstamped",
          Number(r.stamped) === 1 ? "" : Number(r.made_before_duty) === 1 ? "yes" : "no",
          Number(r.sellable_units),
          Number(r.quarantined_units),
          litres,
          perUnit === null ? "" : formatMoney(perUnit * Number(r.units), "GBP"),
          r.stamp_code ?? "",
        ];
      }),
      {
        header: true,
        columns: [
          "Date received",
          "Supplier",
          "Approval reference",
          "Invoice",
          "SKU",
          "Units",
          "Stamped",
          "Made or imported before 1 October 2026",
          "Units for sale",
          "Units held back",
          "Litres",
          "Duty carried",
          "Stamp code",
        ],
      },
    );
    return ok({ csv, fileName });
  }
  const [fromIso, toIso] = [shopDayStart(from).toISOString(), shopDayStart(addDays(to, 1)).toISOString()];
  const moves = await repo.unstampedMovementsBetween(db, fromIso, toIso);
  const disposals = await repo.disposalsBetween(db, fromIso, toIso);
  const what: Record<string, string> = {
    order: "sold",
    cancelled: "back from a cancelled order",
    returned: "back from a customer's return",
    received: "received",
    quarantined: "held back from sale at the cut-off",
  };
  const lines = [
    ...moves.map((r) => ({
      at: r.created_at,
      row: [
        shopDate(r.created_at),
        r.sku,
        what[r.reason] ?? r.reason,
        Math.abs(Number(r.unstamped_change)),
        r.order_id ?? "",
      ],
    })),
    ...disposals.map((d) => ({
      at: d.created_at,
      row: [shopDate(d.created_at), d.sku, disposalLabels[d.kind].toLowerCase(), Number(d.units), d.supplier_reference],
    })),
  ].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  const csv = stringify(
    lines.map((l) => l.row),
    { header: true, columns: ["Date", "SKU", "What happened", "Unstamped units", "Order or reference"] },
  );
  return ok({ csv, fileName });
}

// ---------- The cut-off and the reminders ----------

/**
 * Makes sure the cut-off job waits for 1 April 2027 00:00 London, and the weekly reminder for its next week (from 1
 * March 2027): each queued once, whichever server copy starts first (a second queue of either is harmless: each runs
 * its day's work once).
 */
export async function ensureDutyJobs(db: Db, now = new Date()): Promise<void> {
  const counts = await countJobsByKindAndStatus(db);
  const has = (kind: string, statuses: string[]) =>
    counts.some((c) => c.kind === kind && statuses.includes(c.status) && c.count > 0);
  if (!has("duty-cutoff", ["queued", "running", "done"]))
    await enqueueJob(db, dutyCutoffJob, {}, new Date(UNSTAMPED_SALE_ENDS_AT));
  if (now.toISOString() < UNSTAMPED_SALE_ENDS_AT && !has("duty-reminder", ["queued", "running"]))
    await enqueueJob(
      db,
      dutyReminderJob,
      {},
      new Date(Math.max(now.getTime(), Date.parse(UNSTAMPED_WEEKLY_MAIL_FROM))),
    );
}

/** The cut-off job: every unstamped unit is held back from sale; early (a clock moved back), it waits again. */
export async function runDutyCutoff(db: Db, now = new Date()): Promise<{ units: number; variants: number } | "waits"> {
  if (unstampedSellable(now)) {
    await enqueueJob(db, dutyCutoffJob, {}, new Date(UNSTAMPED_SALE_ENDS_AT));
    return "waits";
  }
  return inTransaction(db, async (trx) => ok(await quarantineAllUnstamped(trx, now.toISOString()))).then(
    ({ units, variants }) => ({ units, variants }),
  );
}

/**
 * The weekly reminder (from 1 March 2027 until the cut-off): e-mails staff the unstamped units left, their value and
 * the days left, then queues next week's. Nothing left unstamped: no e-mail, still next week's.
 */
export async function runDutyReminder(
  db: Db,
  shop: { shopName: string; staffEmail: string; baseUrl: string },
  now = new Date(),
): Promise<"sent" | "nothing to say" | "finished" | "waits"> {
  if (!unstampedSellable(now)) return "finished";
  if (now.toISOString() < UNSTAMPED_WEEKLY_MAIL_FROM) {
    await enqueueJob(db, dutyReminderJob, {}, new Date(UNSTAMPED_WEEKLY_MAIL_FROM));
    return "waits";
  }
  const overview = await dutyOverview(db, now);
  return inTransaction(db, async (trx) => {
    await enqueueJob(trx, dutyReminderJob, {}, new Date(now.getTime() + 7 * 86_400_000));
    if (overview.unstamped.length === 0) return ok({ outcome: "nothing to say" as const });
    const units = overview.unstamped.reduce((sum, r) => sum + r.units, 0);
    const value = overview.unstamped.reduce((sum, r) => sum + r.valueCents, 0);
    await enqueueJob(
      trx,
      noticeJob,
      {
        to: shop.staffEmail,
        shopName: shop.shopName,
        subject: `${shop.shopName}: ${units} unstamped units to sell in ${overview.daysLeft} days`,
        title: "Unstamped vaping stock: the cut-off is near",
        greeting: "Hello,",
        paragraphs: [
          `${units} unstamped units (${formatMoney(value, "GBP")} at their prices) may be sold only until 31 March 2027: ${overview.daysLeft} days left. From 1 April 2027 the shop holds them back from sale, to be returned to the supplier or destroyed.`,
          overview.unstamped
            .slice(0, 20)
            .map((r) => `${r.sku} ${r.name}: ${r.units} (${formatMoney(r.valueCents, "GBP")})`)
            .join("; "),
        ],
        action: { label: "Open the dashboard", url: `${shop.baseUrl}/admin` },
      },
      now,
    );
    return ok({ outcome: "sent" as const });
  }).then((r) => r.outcome);
}
