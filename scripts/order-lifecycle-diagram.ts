// The order lifecycle's diagram and table in docs/guide/order-lifecycle.md, written from the table in
// app/modules/orders/order-lifecycle.ts (docs/decisions/073). scripts/order-lifecycle-diagram.test.ts fails when the
// guide and the code differ. `npx tsx scripts/order-lifecycle-diagram.ts` prints the section, `--write` rewrites it.
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  orderActorLabels,
  orderTransitionNames,
  transitionRule,
  type OrderMailKind,
  type OrderTransitionRule,
} from "../app/modules/orders/order-lifecycle";
import { orderStatuses, paymentStatuses } from "../app/modules/orders/orders";
import { statusLabel, type OrderField } from "../app/modules/orders/order-status";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
export const lifecycleDoc = join(root, "docs", "guide", "order-lifecycle.md");

const allButCancelled = orderStatuses.filter((s) => s !== "cancelled").join(",");

/** What the other column must hold, in words: "(paid)", "(not cancelled)". */
function condition(rule: OrderTransitionRule): string {
  const parts: string[] = [];
  const status = rule.when?.status;
  if (status) parts.push(status.join(",") === allButCancelled ? "not cancelled" : status.join(" or "));
  const payment = rule.when?.paymentStatus;
  if (payment) parts.push(payment.map((p) => statusLabel("paymentStatus", p).toLowerCase()).join(" or "));
  return parts.length ? ` (${parts.join(", ")})` : "";
}

/** One column's states and the transitions that move it, as a Mermaid state diagram. */
function diagram(field: OrderField): string {
  const values: readonly string[] = field === "status" ? orderStatuses : paymentStatuses;
  const lines = ["stateDiagram-v2", "  direction LR"];
  for (const value of values) lines.push(`  state "${statusLabel(field, value)}" as ${value}`);
  lines.push(`  [*] --> pending: placed at checkout`);
  const onward = new Set<string>();
  for (const name of orderTransitionNames) {
    const rule = transitionRule(name);
    if (rule.field !== field) continue;
    for (const from of rule.from) {
      lines.push(`  ${from} --> ${rule.to}: ${rule.label}${condition(rule)}`);
      onward.add(from);
    }
  }
  for (const value of values) if (!onward.has(value) && value !== "pending") lines.push(`  ${value} --> [*]`);
  return lines.join("\n");
}

const mailWords: Record<OrderMailKind, string> = {
  status: "the customer's status e-mail",
  "unpaid-cancelled": "the customer's 'cancelled, no payment' e-mail",
  staff: "the shop's notice (when paid, or within the account's limit)",
  none: "none of its own (the age check's decision names the orders)",
};

/** Every transition as a row: what the guide's table lists. */
function table(): string {
  const rows = [
    "| transition | column | from | to | who | stock back | e-mails | the caller also checks |",
    "|---|---|---|---|---|---|---|---|",
  ];
  for (const name of orderTransitionNames) {
    const rule = transitionRule(name);
    const column = rule.field === "status" ? "status" : "payment_status";
    rows.push(
      `| \`${name}\`: ${rule.label}${condition(rule)} | ${column} | ${rule.from.join(", ")} | ${rule.to} | ` +
        `${rule.actors.map((a) => orderActorLabels[a]).join(", ")} | ${rule.stockBack ? "yes" : "no"} | ` +
        `${rule.mails.map((m) => mailWords[m]).join("; ")} | ${rule.needs ?? ""} |`,
    );
  }
  return rows.join("\n");
}

/** The generated section, between its markers. */
export function lifecycleSection(): string {
  return [
    "### The order's status",
    "",
    "```mermaid",
    diagram("status"),
    "```",
    "",
    "### Its payment",
    "",
    "```mermaid",
    diagram("paymentStatus"),
    "```",
    "",
    "### Every transition",
    "",
    table(),
  ].join("\n");
}

const SECTION = /(<!-- order-lifecycle: start[^\n]*-->\n)([\s\S]*?)(\n<!-- order-lifecycle: end -->)/;

/** The section docs/guide/order-lifecycle.md holds between its markers, or null without them. */
export function writtenSection(markdown: string): string | null {
  return SECTION.exec(markdown)?.[2] ?? null;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  console.log(lifecycleSection());
  if (process.argv.includes("--write")) {
    const doc = readFileSync(lifecycleDoc, "utf8");
    if (writtenSection(doc) === null) throw new Error("docs/guide/order-lifecycle.md has no order-lifecycle markers");
    writeFileSync(
      lifecycleDoc,
      doc.replace(SECTION, (_, start: string, _old, end: string) => start + lifecycleSection() + end),
    );
    console.log("\ndocs/guide/order-lifecycle.md rewritten");
  }
}
