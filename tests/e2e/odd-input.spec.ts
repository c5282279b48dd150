// Issue 26: no 500 on odd input. Every query and form field a shopper can reach (the forms found on the pages, as a
// visitor and signed in with a cart and an order, and the endpoints the pages' scripts post to) is sent 4 kB values,
// non-ASCII, control characters, broken percent-encoding and duplicated fields; nothing answers 5xx and the server
// logs no error. On SQLite and on PostgreSQL (which refuses a NUL byte in text: a different way to fail).
import { expect, test } from "@playwright/test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sqliteQuery } from "./support/sqlite-query";
import {
  addLine,
  confirmationLink,
  placeOrder,
  post,
  readyToOrder,
  sellableFlavour,
  type Query,
} from "./support/http-shoppers";
import { formBody, formsOn, ODD_VALUES, RAW_ODD, uniqueForms, type FoundForm } from "./support/odd-input";
import { startOwnPostgres, type OwnPostgres } from "./support/own-postgres";
import { freePort, startShop, waitForHealth, type ShopProcess } from "./support/processes";
import { cookiesOf } from "./support/two-factor-http";

const PASSWORD = "odd input password";
const errorLines = (output: string) => output.split("\n").filter((line) => /"level":(5|6)0\b/.test(line));

/** Query parameters the pages read (app/routes, app/modules), by page. */
const QUERY_FIELDS: Record<string, string[]> = {
  "/": ["device"],
  "/products": ["sort", "page"],
  "/flavours": ["device", "page"],
  "/search": ["q", "page"],
  "/api/search": ["q"],
  "/blog": ["page"],
  "/signin": ["redirectTo", "reason", "notice"],
  "/signup": ["redirectTo", "reason"],
  "/signin/two-factor": ["redirectTo"],
  "/account": ["notice"],
  "/account/two-factor": ["redirectTo", "notice"],
  "/account/date-of-birth": ["redirectTo"],
  "/reset-password": ["token"],
  "/verify-email": ["token", "redirectTo"],
  "/success": ["order"],
  "/api/wishlist-items": ["items"],
  "/cart": ["reason"],
};

for (const kind of ["sqlite", "postgres"] as const) {
  test.describe(`odd input on ${kind}`, () => {
    let shop: ShopProcess;
    let dir: string;
    let pg: OwnPostgres | undefined;
    let query: Query;

    test.beforeAll(async () => {
      test.setTimeout(120_000);
      dir = mkdtempSync(join(tmpdir(), "shop-odd-input-"));
      let url = `file:${dir}/shop.db`;
      if (kind === "postgres") {
        pg = await startOwnPostgres();
        url = await pg.createDatabase("odd_input");
        query = (text) => pg!.query(url, text);
      } else query = sqliteQuery(`${dir}/shop.db`);
      const env = { DATABASE_URL: url, UPLOAD_DIR: `${dir}/uploads`, TRUST_PROXY: "1", JOB_POLL_MS: "60000" };
      shop = startShop({ PORT: String(await freePort()), ...env });
      await waitForHealth(shop, 60_000);
    });
    test.afterAll(async () => {
      shop?.child.kill("SIGTERM");
      await shop?.exited;
      pg?.destroy();
      rmSync(dir, { recursive: true, force: true });
    });

    test("no field answers 5xx or logs an error, whatever it is sent", async () => {
      test.setTimeout(600_000);
      let n = 0;
      const ip = () => `10.${(++n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
      const base = shop.base;
      const email = `odd.${process.pid}@example.com`;
      // A customer with an address, a line in the cart, shipping chosen and an order placed.
      expect((await post(base, "/signup", signUpForm(email), "", ip())).status).toBe(200);
      const link = await confirmationLink(query, email);
      let cookie = cookiesOf(await fetch(base + link.pathname + link.search, { redirect: "manual" }));
      const flavour = await sellableFlavour(query);
      const shopper = () => ({ base, cookie, ip: ip() });
      await addLine(shopper(), flavour);
      await post(base, "/cart-address", addressForm, cookie, ip());
      await readyToOrder(shopper(), flavour);
      const placed = await placeOrder(shopper());
      expect(placed, JSON.stringify({ placed, cookie })).toMatchObject({ ok: true });
      const [order] = await query("select id from orders order by created_at desc limit 1");
      await readyToOrder(shopper(), flavour);
      const [device] = await query("select id from devices where archived = 0 order by slug limit 1");
      const [post_] = await query("select slug from posts where draft = 0 order by slug limit 1");
      const [gone] = await query("select id from flavours where id <> '" + flavour.id + "' order by slug limit 1");
      await query(
        `update variants set stock_quantity = 0, track_stock = 1 where kind = 'flavour' and item_id = '${String(gone!.id)}'`,
      );

      const signedInPages = [
        ...["/", "/products", "/flavours", "/about", "/blog", "/blogdetail", `/blog/${String(post_!.slug)}`].concat([
          "/contactus",
          "/search?q=berry",
          "/wishlist",
          "/info/privacy",
          `/productdetail/${String(device!.id)}`,
        ]),
        ...[`/flavour/${flavour.id}`, `/flavour/${String(gone!.id)}`, "/account", "/account/orders"],
        ...[`/account/orders/${String(order!.id)}`, "/account/two-factor", "/cart", "/cart-address"],
        ...["/cart-shipping", "/payment", `/success?order=${String(order!.id)}`, "/cancel"],
      ];
      const signedOutPages = ["/signin", "/signup", "/forget-password", "/reset-password?token=x", "/contactus"];
      const page = async (path: string, withCookie: boolean) => {
        const answer = await fetch(base + path, {
          redirect: "manual",
          headers: { cookie: `age_verified=yes; ${withCookie ? cookie : ""}`, "x-forwarded-for": ip() },
        });
        return formsOn(await answer.text(), path.split("?")[0]!);
      };
      const found: Array<FoundForm & { signedIn: boolean }> = [];
      for (const path of signedInPages) for (const f of await page(path, true)) found.push({ ...f, signedIn: true });
      for (const path of [...signedOutPages, "/signin/two-factor", `/flavour/${String(gone!.id)}`])
        for (const f of await page(path, false)) found.push({ ...f, signedIn: false });
      // What the pages' scripts post, and forms shown only at some step.
      const orderPath = `/account/orders/${String(order!.id)}`;
      const scripted: FoundForm[] = [
        form("/api/contact", contactFields),
        form("/api/wishlist", { kind: "flavour", itemId: flavour.id, wanted: "true" }),
        form("/api/orders", { idempotencyKey: "odd-input-key-0001" }),
        form("/age-check", { answer: "yes", returnTo: "/" }),
        form("/account/date-of-birth", { dateOfBirth: "1990-01-01", redirectTo: "/" }),
        form("/account/two-factor", setupConfirmFields),
        form("/account/two-factor", { intent: "off", password: "x" }),
        form("/signin/two-factor", { intent: "recovery", recoveryCode: "x", redirectTo: "/" }),
        form("/cart-address", { id: "", ...addressForm, isDefault: "on" }),
        form(orderPath, { intent: "return", reason: "x" }),
        form("/auth/google", { redirectTo: "/" }),
        form("/signout", { redirectTo: "/" }),
      ];
      for (const f of scripted) found.push({ ...f, signedIn: true }, { ...f, signedIn: false });
      const forms = uniqueForms(found.map((f) => ({ ...f, action: f.signedIn ? f.action : `${f.action}#out` })));
      expect(forms.length).toBeGreaterThan(30);
      const failures: string[] = [];
      let sent = 0;
      let reSignIns = 0;
      // A 5xx, or an answer a client cannot read (e.g. headers over Node's 16 kB: a proxy would make that a 502).
      const check = async (what: string, answer: Promise<Response>) => {
        sent++;
        try {
          const response = await answer;
          await response.arrayBuffer();
          if (response.status >= 500) failures.push(`${what} → ${response.status}`);
        } catch (error) {
          failures.push(`${what} → ${String((error as Error).cause ?? error)}`);
        }
      };
      const keepSignedIn = async () => {
        const me = (await (await fetch(`${base}/api/me`, { headers: { cookie } })).json()) as { user: unknown };
        if (me.user) return;
        reSignIns++;
        cookie = cookiesOf(await post(base, "/signin", { email, password: PASSWORD }, "", ip()));
      };

      for (const [path, names] of Object.entries(QUERY_FIELDS))
        for (const name of names) {
          for (const [label, odd] of Object.entries(ODD_VALUES)) {
            const value = encodeURIComponent(odd.replace(/[\ud800-\udfff]/g, "\ufffd"));
            for (const search of [`${name}=${value}`, `${name}=x&${name}=${value}`])
              for (const withCookie of [true, false])
                await check(
                  `GET ${path}?${name} (${label})`,
                  fetch(`${base}${path}?${search}`, {
                    redirect: "manual",
                    headers: { cookie: `age_verified=yes; ${withCookie ? cookie : ""}`, "x-forwarded-for": ip() },
                  }),
                );
          }
          await check(`GET ${path}?${name} (raw)`, fetch(`${base}${path}?${name}=${RAW_ODD}`, { redirect: "manual" }));
        }
      for (const prefix of ["/productdetail/", "/flavour/", "/blog/", "/info/", "/account/orders/", "/sitemaps/"])
        for (const odd of [
          ...Object.values(ODD_VALUES).map((v) => encodeURIComponent(v.replace(/[\ud800-\udfff]/g, ""))),
          RAW_ODD,
        ])
          await check(`GET ${prefix}…`, fetch(base + prefix + odd, { redirect: "manual", headers: { cookie } }));

      for (const form of forms) {
        const action = form.action.replace(/#out$/, "");
        const signedIn = !form.action.endsWith("#out");
        const send = (body: string | URLSearchParams) =>
          fetch(base + action, {
            method: "POST",
            redirect: "manual",
            headers: {
              "content-type": "application/x-www-form-urlencoded",
              cookie: `age_verified=yes; ${signedIn ? cookie : ""}`,
              origin: base,
              "x-forwarded-for": ip(),
            },
            body,
          });
        for (const [field, own] of form.fields) {
          // Also the page's own value made 4 kB longer (e.g. a set-up key: otpauth://totp/x?secret=AAAA…).
          const variants: Array<[string, string]> = [
            ...Object.entries(ODD_VALUES),
            ["own + 4 kB", own + "A".repeat(4096)],
          ];
          for (const [label, odd] of variants) {
            await check(`POST ${action} ${field} (${label})`, send(formBody(form, field, odd)));
            await check(`POST ${action} ${field} twice (${label})`, send(formBody(form, field, odd, true)));
          }
          await check(`POST ${action} ${field} (raw)`, send(`${formBody(form, field, "").toString()}${RAW_ODD}`));
        }
        if (signedIn) await keepSignedIn();
      }
      // After sign-in, the browser hands over what it kept: every field of it odd too.
      for (const odd of Object.values(ODD_VALUES))
        for (const body of guestStates(odd, flavour.id))
          await check(
            "POST /api/guest-merge",
            fetch(`${base}/api/guest-merge`, {
              method: "POST",
              headers: { "content-type": "application/json", cookie, origin: base },
              body,
            }),
          );

      // Every form was tried signed in (a form that signs out is followed by a fresh sign-in), about 3,000 requests.
      expect(reSignIns).toBeLessThan(10);
      expect(sent).toBeGreaterThan(2500);
      expect(failures).toEqual([]);
      expect(errorLines(shop.output())).toEqual([]);
    });
  });
}

const signUpForm = (email: string) => ({
  firstName: "Odd",
  lastName: "Input",
  email,
  password: PASSWORD,
  dateOfBirth: "1990-01-01",
  terms: "on",
  redirectTo: "/",
});
const addressForm = {
  intent: "save",
  title: "Home",
  type: "HOME",
  recipient: "Odd Input",
  line1: "1 Odd Street",
  line2: "",
  town: "Leeds",
  postcode: "LS1 1AA",
  phone: "07700900000",
};
const contactFields = {
  firstName: "Odd",
  lastName: "Input",
  email: "odd@example.com",
  phone: "07700900000",
  subject: "Support",
  message: "Hello",
  website: "",
};
const setupConfirmFields = {
  intent: "confirm",
  code: "123456",
  totpUri: "otpauth://totp/x?secret=AAAA",
  recoveryCodes: "a b",
  redirectTo: "/account/two-factor",
};
const form = (action: string, fields: Record<string, string>): FoundForm => ({
  action,
  method: "post",
  fields: Object.entries(fields),
});
/** Bodies of /api/guest-merge with one odd field each. */
function guestStates(odd: string, itemId: string): string[] {
  const line = { kind: "flavour", itemId, flavour: "", nicotineStrength: 3, puffCount: null, quantity: 1 };
  const state = { cartToken: "odd-input-token-1", cart: [line], wishlist: [{ kind: "flavour", itemId }] };
  return [
    { ...state, cartToken: odd },
    { ...state, cart: [{ ...line, itemId: odd }] },
    { ...state, cart: [{ ...line, flavour: odd }] },
    { ...state, cart: [{ ...line, kind: odd }] },
    { ...state, wishlist: [{ kind: "flavour", itemId: odd }] },
  ]
    .map((body) => JSON.stringify(body))
    .concat([odd, `{"cartToken":"${RAW_ODD}`]);
}
