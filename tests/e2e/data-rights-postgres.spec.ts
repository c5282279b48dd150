// The cancellation, return and account-deletion journeys again, over HTTP against the shop on PostgreSQL (the browser
// journeys in returns.spec.ts and privacy.spec.ts run on SQLite).
import { expect, test } from "@playwright/test";
import { createStaffAsync } from "./support/admin";
import { totpCode } from "../../app/testing/totp";
import {
  get,
  newShopper,
  post,
  readyToOrder,
  placeOrder,
  sellableFlavour,
  type Shopper,
} from "./support/http-shoppers";
import { startOwnPostgres, type OwnPostgres } from "./support/own-postgres";
import { keyOnPage } from "./support/two-factor-http";
import { freePort, startShop, waitForHealth, type ShopProcess } from "./support/processes";

test.describe("on PostgreSQL", () => {
  test.describe.configure({ mode: "serial" });
  let pg: OwnPostgres;
  let shop: ShopProcess;
  let url: string;
  const query = (text: string) => pg.query(url, text);
  const one = async (text: string) => (await query(text))[0] ?? {};
  const latestOrder = async (s: Shopper) => {
    expect((await placeOrder(s)).ok).toBe(true);
    return String((await one("select id from orders order by created_at desc limit 1")).id);
  };

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    pg = await startOwnPostgres();
    url = await pg.createDatabase("data_rights");
    shop = startShop({ PORT: String(await freePort()), DATABASE_URL: url, TRUST_PROXY: "1", JOB_POLL_MS: "60000" });
    await waitForHealth(shop, 60_000);
  });
  test.afterAll(async () => {
    shop?.child.kill("SIGTERM");
    await shop?.exited;
    pg?.destroy();
  });

  test("a customer cancels a pending order (stock back, two e-mails queued) and returns a delivered one; staff accept it", async () => {
    test.setTimeout(120_000);
    const flavour = await sellableFlavour(query);
    const cara = await newShopper(shop.base, flavour, query);
    const stockNow = async () =>
      Number((await one(`select stock_quantity from variants where id = '${flavour.variantId}'`)).stock_quantity);
    await readyToOrder(cara, flavour);
    const stockBefore = await stockNow();
    const first = await latestOrder(cara);
    expect(await stockNow()).toBeLessThan(stockBefore);

    // Someone else's cancellation of it is not found, and changes nothing.
    const other = await newShopper(shop.base, flavour, query);
    expect(
      (await post(shop.base, `/account/orders/${first}`, { intent: "cancel" }, other.cookie, other.ip)).status,
    ).toBe(404);
    expect((await one(`select status from orders where id = '${first}'`)).status).toBe("pending");

    const cancelled = await post(shop.base, `/account/orders/${first}`, { intent: "cancel" }, cara.cookie, cara.ip);
    expect(cancelled.headers.get("location")).toBe(`/account/orders/${first}?done=cancelled`);
    expect((await one(`select status from orders where id = '${first}'`)).status).toBe("cancelled");
    expect(await stockNow()).toBe(stockBefore);
    const mails = await query(
      `select kind, subject from jobs where payload like '%${first}%' and subject like '%cancelled%' order by kind`,
    );
    expect(mails.map((m) => m.kind)).toEqual(["notice", "order-status"]);

    await readyToOrder(cara, flavour);
    const second = await latestOrder(cara);
    const deliveredAt = new Date(Date.now() - 3 * 86_400_000).toISOString();
    await query(`update orders set status = 'delivered' where id = '${second}'`);
    await query(
      `insert into order_events (id, order_id, field, from_value, to_value, by_user_id, by_name, created_at) values ('pg-e2e-${second}', '${second}', 'status', 'dispatched', 'delivered', null, 'Set-up', '${deliveredAt}')`,
    );
    // Returns are asked for line by line (docs/decisions/083): the order's one line, its units, its reason.
    const { position, quantity } = await one(`select position, quantity from order_lines where order_id = '${second}'`);
    const returnOf = (reason: string) => ({
      intent: "return",
      [`qty-${String(position)}`]: String(quantity),
      [`reason-${String(position)}`]: reason,
    });
    const asked = await post(shop.base, `/account/orders/${second}`, returnOf("Wrong strength"), cara.cookie, cara.ip);
    expect(asked.headers.get("location")).toBe(`/account/orders/${second}?done=return-requested`);
    // The same units again: refused under the line (all of them are in a return already), nothing added.
    expect((await post(shop.base, `/account/orders/${second}`, returnOf("Again"), cara.cookie, cara.ip)).status).toBe(
      400,
    );
    expect(await query(`select id from return_lines where order_id = '${second}'`)).toHaveLength(1);
    const page = await (await get(cara, `/account/orders/${second}`)).text();
    expect(page).toContain("Return requested");

    const staff = await createStaffAsync("pg-staff", url);
    // Staff sign in and set up their second factor (the back office needs it), as the pages would post it.
    const staffIp = "198.18.250.1";
    const cookiesOf = (answer: Response) =>
      answer.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .filter((c) => !/=$/.test(c!))
        .join("; ");
    const signedIn = await post(
      shop.base,
      "/signin",
      { email: staff.email, password: staff.password, redirectTo: "/admin" },
      "",
      staffIp,
    );
    const setUp = await (
      await post(
        shop.base,
        "/account/two-factor",
        { intent: "start", password: staff.password },
        cookiesOf(signedIn),
        staffIp,
      )
    ).text();
    const totpUri = keyOnPage(setUp);
    const turnedOn = await post(
      shop.base,
      "/account/two-factor",
      { intent: "confirm", code: await totpCode(totpUri), redirectTo: "/admin" },
      cookiesOf(signedIn),
      staffIp,
    );
    expect(turnedOn.headers.get("location")).toBe("/admin");
    const staffCookie = cookiesOf(turnedOn);
    const decided = await post(
      shop.base,
      `/admin/orders/${second}`,
      {
        intent: "return-decision",
        [`line-${String((await one(`select id from return_lines where order_id = '${second}'`)).id)}`]: "restock",
        method: "bank-transfer",
        reference: "RET-PG-1",
        note: "Post it back unopened",
      },
      staffCookie,
      staffIp,
    );
    expect(decided.headers.get("location")).toBe(`/admin/orders/${second}?done=return-decided`);
    // Back in stock: the units the second order took are on sale again.
    expect(await stockNow()).toBe(stockBefore);
    expect(await one(`select status, staff_note from return_requests where order_id = '${second}'`)).toEqual({
      status: "accepted",
      staff_note: "Post it back unopened",
    });
    expect(
      await query(`select recipient from jobs where subject like '%return of order ${second} is accepted%'`),
    ).toHaveLength(1);
  });

  test("a customer deletes their account: personal data erased, orders kept, the old session signed out", async () => {
    test.setTimeout(120_000);
    const flavour = await sellableFlavour(query);
    const dana = await newShopper(shop.base, flavour, query);
    await readyToOrder(dana, flavour);
    const order = await latestOrder(dana);
    await query(`update orders set status = 'delivered' where id = '${order}'`);
    const { user_id: userId, total_cents: total } = await one(
      `select user_id, total_cents from orders where id = '${order}'`,
    );
    const wrong = await post(
      shop.base,
      "/account",
      { intent: "delete-account", password: "not it", confirm: "on" },
      dana.cookie,
      dana.ip,
    );
    expect(wrong.status).toBe(400);
    const deleted = await post(
      shop.base,
      "/account",
      { intent: "delete-account", password: "fault password 123", confirm: "on" },
      dana.cookie,
      dana.ip,
    );
    expect(deleted.headers.get("location")).toBe("/signin?notice=account-deleted");
    expect(
      await one(`select name, "firstName", "lastName", "dateOfBirth" from "user" where id = '${String(userId)}'`),
    ).toEqual({ name: "Deleted customer", firstName: null, lastName: null, dateOfBirth: null });
    expect(
      await one(
        `select address_recipient, address_line1, address_town, address_postcode, address_phone, total_cents
         from orders where id = '${order}'`,
      ),
    ).toEqual({
      address_recipient: "",
      address_line1: "Erased",
      address_town: "",
      address_postcode: "",
      address_phone: "",
      total_cents: total,
    });
    expect(
      await query(
        `select id from addresses where user_id = '${String(userId)}' union all select "userId" from session where "userId" = '${String(userId)}'`,
      ),
    ).toEqual([]);
    const stale = await get(dana, "/account");
    expect(stale.status).toBe(302);
    expect(stale.headers.get("location")).toMatch(/^\/signin\?redirectTo=/);
  });
});
