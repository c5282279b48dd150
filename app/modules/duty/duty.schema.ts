// The goods-in and disposal forms' zod checks (docs/decisions/079), apart from duty.ts so the pages that show its
// words do not ship zod. What only the database knows (a SKU, its archive, a duplicate invoice) is the service's.
import { z } from "zod";
import { dutyDisposalKinds, dutyMessages as m, GOODS_IN_LINES, lineField, lineFields } from "./duty";

export { lineField, lineFields };

const day = z
  .string(m.dateMissing)
  .trim()
  .min(1, m.dateMissing)
  .regex(/^\d{4}-\d{2}-\d{2}$/, m.dateShape)
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), m.dateShape);

export const goodsInHeader = z.object({
  supplier: z.string(m.supplierMissing).trim().min(1, m.supplierMissing).max(100, m.supplierLong),
  invoiceReference: z.string(m.invoiceMissing).trim().min(1, m.invoiceMissing).max(60, m.invoiceLong),
  approvalReference: z
    .string(m.approvalMissing)
    .trim()
    .min(1, m.approvalMissing)
    .regex(/^[A-Za-z0-9][A-Za-z0-9-]{2,39}$/, m.approvalShape),
  receivedOn: day,
});

const yesNo = (message: string) => z.enum(["yes", "no"], message).transform((v) => v === "yes");

export const goodsInLine = z.object({
  sku: z.string(m.skuMissing).trim().min(1, m.skuMissing).max(64, m.skuMissing),
  units: z
    .string(m.unitsMissing)
    .trim()
    .min(1, m.unitsMissing)
    .regex(/^\d{1,6}$/, m.unitsShape)
    .transform(Number)
    .refine((n) => n >= 1 && n <= 100_000, m.unitsShape),
  stamped: yesNo(m.stampedMissing),
  madeBeforeDuty: z.enum(["yes", "no", ""]).default(""),
  stampCode: z.string().trim().max(60, m.stampCodeLong).default(""),
});
export type GoodsInLineInput = z.infer<typeof goodsInLine>;

/** The rows of the form that hold anything (a row left empty is not a line). */
export function filledRows(values: Record<string, string>): number[] {
  const rows: number[] = [];
  for (let row = 0; row < GOODS_IN_LINES; row++)
    if (
      lineFields.some(
        (name) => name !== "stamped" && name !== "madeBeforeDuty" && (values[lineField(name, row)] ?? "").trim() !== "",
      )
    )
      rows.push(row);
  return rows;
}

export const disposalInput = z.object({
  variantId: z.string().min(1).max(64),
  units: z
    .string(m.unitsMissing)
    .trim()
    .regex(/^\d{1,6}$/, m.unitsShape)
    .transform(Number)
    .refine((n) => n >= 1, m.unitsShape),
  kind: z.enum(dutyDisposalKinds, m.disposalKindMissing),
  supplierReference: z
    .string(m.disposalReferenceMissing)
    .trim()
    .min(1, m.disposalReferenceMissing)
    .max(60, m.disposalReferenceLong),
  stampCode: z.string().trim().max(60, m.stampCodeLong).default(""),
});

export const reportPeriod = z
  .object({ from: day, to: day })
  .refine((p) => p.from <= p.to, { message: m.periodShape, path: ["from"] });
