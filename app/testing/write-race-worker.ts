// One more server process for the write-race tests (app/modules/checkout/write-races.test.ts): opens the database of
// the URL it is given, as a server copy does, says "ready" once connected and waits for "go" on its standard input (the
// test says it to every process at once), then runs all its writes at once (as concurrent requests would) and prints
// one JSON line: what each write answered, or the error it threw.
import { sql } from "kysely";
import { createDatabase } from "~/db/database.server";
import type { SessionUser } from "~/modules/accounts/accounts";
import { placeOrder } from "~/modules/checkout/place-order.service.server";
import { cancelOwnOrder } from "~/modules/orders/customer-orders.service.server";
import { adjustStock } from "~/modules/stock/stock.service.server";
import { taxIncluded } from "~/lib/pricing";

export type RaceWork = {
  url: string;
  place: Array<{ userId: string; key: string }>;
  cancel: Array<{ userId: string; orderId: string }>;
  adjust: Array<{ kind: "device" | "flavour"; id: string; variantId: string; change: number }>;
};
export type RaceAnswer = { op: string; ok: boolean; detail: string };

const person = (id: string, role: "customer" | "staff"): SessionUser => ({
  id,
  name: role,
  email: `${id}@example.com`,
  firstName: null,
  lastName: null,
  dateOfBirth: "1990-01-01",
  role,
  authProvider: "email",
  twoFactorEnabled: role === "staff",
  secondFactor: role === "staff",
  ...(role === "staff" ? { staffRoles: ["owner" as const] } : {}),
});
const mail = { shopName: "Race", staffEmail: "staff@example.com", baseUrl: "http://shop.test" };

async function answer(op: string, run: () => Promise<{ ok: boolean; detail: string }>): Promise<RaceAnswer> {
  try {
    return { op, ...(await run()) };
  } catch (error) {
    return { op, ok: false, detail: `threw ${(error as { code?: string }).code ?? ""} ${(error as Error).message}` };
  }
}

const work = JSON.parse(process.argv[2]!) as RaceWork;
const db = createDatabase(work.url, { poolSize: 10 });
await sql`select 1`.execute(db); // connected
process.stdout.write("ready\n");
await new Promise((resolve) => process.stdin.once("data", resolve));
process.stdin.destroy();
const answers = await Promise.all([
  ...work.place.map(({ userId, key }) =>
    answer("place", async () => {
      const placed = await placeOrder(db, userId, key, taxIncluded(20), {
        confirmation: { to: `${userId}@example.com`, shopName: "Race" },
      });
      return { ok: placed.ok, detail: placed.ok ? placed.order.id : placed.message };
    }),
  ),
  ...work.cancel.map(({ userId, orderId }) =>
    answer("cancel", async () => {
      const cancelled = await cancelOwnOrder(db, person(userId, "customer"), orderId, mail);
      return { ok: cancelled.ok, detail: JSON.stringify(cancelled) };
    }),
  ),
  ...work.adjust.map(({ kind, id, variantId, change }) =>
    answer("adjust", async () => {
      const of = { kind, itemId: id, variantId };
      const adjusted = await adjustStock(db, person("race-staff", "staff"), of, {
        reason: "received",
        change: String(change),
        note: "",
      });
      return { ok: adjusted.ok, detail: JSON.stringify(adjusted) };
    }),
  ),
]);
await db.destroy();
process.stdout.write(`${JSON.stringify(answers)}\n`);
