/**
 * The duty record's words and shapes (docs/decisions/079, docs/guide/uk-rules.md): goods in, unstamped stock, what is
 * held back from sale and what became of it. Client-safe, no I/O; the rules of the dates are
 * ~/modules/compliance/duty-stamps.ts.
 */
import { dutyDisposalKinds, type DutyDisposalKind } from "~/db/values";

export { dutyDisposalKinds, type DutyDisposalKind };

/** How many lines the goods-in form offers (a delivery with more is recorded in two). */
export const GOODS_IN_LINES = 8;

/** The line fields of the goods-in form, by row: `sku_0`, `units_0`, `stamped_0`, `madeBeforeDuty_0`, `stampCode_0`… */
export const lineFields = ["sku", "units", "stamped", "madeBeforeDuty", "stampCode"] as const;
export type LineFieldName = (typeof lineFields)[number];
export const lineField = (name: LineFieldName, row: number) => `${name}_${row}`;

/** The goods-in form's header fields. */
export const goodsInHeaderFields = ["supplier", "invoiceReference", "approvalReference", "receivedOn"] as const;

export const disposalLabels: Record<DutyDisposalKind, string> = {
  returned: "Returned to the supplier",
  destroyed: "Destroyed",
};

export const dutyMessages = {
  supplierMissing: "Enter the supplier's name",
  supplierLong: "A supplier's name is at most 100 characters",
  invoiceMissing: "Enter the supplier's invoice reference",
  invoiceLong: "An invoice reference is at most 60 characters",
  approvalMissing: "Enter the supplier's approval reference for vaping duty",
  approvalShape: "An approval reference is 3 to 40 letters, digits and dashes, as the supplier gives it",
  dateMissing: "Enter the date the delivery was received",
  dateShape: "Enter the date as YYYY-MM-DD",
  dateFuture: "The date received cannot be in the future",
  dateOld: "The date received cannot be before 2000",
  skuMissing: "Enter the variant's SKU",
  skuUnknown: (sku: string) => `There is no variant with SKU ${sku}`,
  skuArchived: (sku: string) => `SKU ${sku} is archived: a delivery cannot be added to it`,
  unitsMissing: "Enter the number of units",
  unitsShape: "Units are a whole number from 1 to 100000",
  stampedMissing: "Say whether these units carry a duty stamp",
  madeBeforeMissing: "Say whether these unstamped units were made or imported before 1 October 2026",
  stampCodeLong: "A stamp code is at most 60 characters",
  noLines: "Add at least one line: a SKU and its units",
  alreadyRecorded: (invoice: string, supplier: string) =>
    `Invoice ${invoice} from ${supplier} is already recorded. Nothing was saved.`,
  recorded: (invoice: string, units: number) => `Delivery ${invoice} recorded: ${units} units.`,
  quarantinedNote: (units: number) =>
    `${units} unstamped ${units === 1 ? "unit was" : "units were"} made or imported from 1 October 2026, or arrived after 31 March 2027: held back from sale (quarantined). Return them to the supplier or destroy them, and record it below.`,
  disposalUnits: (held: number) => `Units are a whole number from 1 to the ${held} held back`,
  disposalReferenceMissing: "Enter the supplier's reference (a returns note) or the destruction record's",
  disposalReferenceLong: "A reference is at most 60 characters",
  disposalKindMissing: "Choose returned to the supplier or destroyed",
  disposalNotHeld: "Those units are no longer held back: nothing was changed.",
  disposed: (units: number, kind: DutyDisposalKind) =>
    `${units} ${units === 1 ? "unit" : "units"} recorded as ${kind === "returned" ? "returned to the supplier" : "destroyed"}.`,
  periodShape: "Choose a period: from and to, as YYYY-MM-DD, from before to",
} as const;

/** A variant holding unstamped or quarantined units, as the dashboard lists it. */
export type DutyStockRow = {
  variantId: string;
  sku: string;
  name: string;
  units: number;
  /** The units at the variant's price (what the shop stands to lose). */
  valueCents: number;
};

/** What the dashboard shows of the stamps at a moment. */
export type DutyOverview = {
  /** Unstamped units may still be sold. */
  sellable: boolean;
  daysLeft: number;
  /** From 1 January 2027: the unstamped units left, per variant (empty before, or when there are none). */
  unstamped: DutyStockRow[];
  /** Units held back from sale, per variant (always shown when there are any). */
  quarantined: DutyStockRow[];
};
