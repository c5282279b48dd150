// Shoppers over plain HTTP (no browser), for tests that load the server process: sign up, fill a cart, order.
import { randomBytes } from "node:crypto";

export type Shopper = { base: string; cookie: string; ip: string };
/** A flavour and one of its sizes (`variantId`: that size's variant, which holds its stock). */
export type Flavour = { id: string; size: number; variantId: string };

let shopperCount = 0;

export function post(base: string, path: string, form: Record<string, string>, cookie: string, ip: string) {
  return fetch(base + path, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      cookie: `age_verified=yes; ${cookie}`,
      origin: base,
      "x-forwarded-for": ip,
    },
    body: new URLSearchParams(form),
  });
}

export const get = (shopper: Shopper, path: string) =>
  fetch(shopper.base + path, {
    redirect: "manual",
    headers: { cookie: `age_verified=yes; ${shopper.cookie}`, "x-forwarded-for": shopper.ip },
  });

export type Query = (text: string) => Promise<Array<Record<string, unknown>>>;

/** The link of the sign-up confirmation e-mail queued for `email` (read from the shop's jobs table). */
export async function confirmationLink(query: Query, email: string): Promise<URL> {
  const [row] = await query(
    `select payload from jobs where kind = 'notice' and recipient = '${email.replace(/'/g, "''")}'`,
  );
  if (!row) throw new Error(`no confirmation e-mail queued for ${email}`);
  return new URL((JSON.parse(String(row.payload)) as { action: { url: string } }).action.url);
}

/**
 * A new signed-in adult with an address: signed up, confirmed by the link of the queued e-mail (as a new customer
 * does), ready for a cart and shipping (the server must trust one proxy hop).
 */
export async function newShopper(base: string, flavour: Flavour, query: Query): Promise<Shopper> {
  const n = ++shopperCount;
  const ip = `198.18.${(process.pid % 200) + 1}.${n}`;
  const email = `fault${n}.${randomBytes(4).toString("hex")}@example.com`;
  const signedUp = await post(
    base,
    "/signup",
    {
      firstName: "Fault",
      lastName: `Shopper ${n}`,
      email,
      password: "fault password 123",
      dateOfBirth: "1990-01-01",
      terms: "on",
      redirectTo: "/",
    },
    "",
    ip,
  );
  if (signedUp.status !== 200) throw new Error(`sign-up failed (${signedUp.status})`);
  const link = await confirmationLink(query, email);
  const response = await fetch(base + link.pathname + link.search, {
    redirect: "manual",
    headers: { cookie: "age_verified=yes", "x-forwarded-for": ip },
  });
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((c) => !/=$/.test(c!))
    .join("; ");
  if (!cookie.includes("shop.session_token")) throw new Error(`confirming the sign-up failed (${response.status})`);
  const shopper = { base, cookie, ip };
  await addLine(shopper, flavour);
  const saved = await post(
    base,
    "/cart-address",
    {
      intent: "save",
      title: "Home",
      type: "HOME",
      recipient: "Fault Tester",
      line1: `${n} Fault Street`,
      town: "Leeds",
      postcode: "LS1 1AA",
      phone: "07700900000",
    },
    cookie,
    ip,
  );
  if (saved.headers.get("location") !== "/cart-address") throw new Error(`address failed (${saved.status})`);
  return shopper;
}

export const addLine = (s: Shopper, flavour: Flavour) =>
  post(
    s.base,
    "/cart",
    {
      intent: "add",
      kind: "flavour",
      itemId: flavour.id,
      flavour: "",
      nicotineStrength: String(flavour.size),
      puffCount: "",
      quantity: "1",
    },
    s.cookie,
    s.ip,
  );

/** A line in the cart and free shipping chosen: the next placement makes an order. */
export async function readyToOrder(s: Shopper, flavour: Flavour) {
  await addLine(s, flavour);
  await post(s.base, "/cart-shipping", { method: "free" }, s.cookie, s.ip);
}

export type OrderAnswer = { status: number; ok: boolean; message?: string; retryAfter: string | null };

export async function placeOrder(s: Shopper): Promise<OrderAnswer> {
  const response = await post(
    s.base,
    "/api/orders",
    { idempotencyKey: randomBytes(18).toString("base64url") },
    s.cookie,
    s.ip,
  );
  const answer = (await response.json()) as { ok: boolean; message?: string };
  return {
    status: response.status,
    ok: answer.ok,
    message: answer.message,
    retryAfter: response.headers.get("retry-after"),
  };
}

/**
 * The first flavour in stock, read from the shop's database, its first size in stock given plenty so these runs never
 * sell out.
 */
export async function sellableFlavour(query: Query): Promise<Flavour> {
  const [row] = await query(
    `select f.id, v.id as variant_id, v.nicotine_strength from variants v join flavours f on f.id = v.item_id
     where v.kind = 'flavour' and v.archived = 0 and f.archived = 0 and v.stock_quantity > 0
     order by f.slug, v.position limit 1`,
  );
  if (!row) throw new Error("no flavour in stock");
  await query(`update variants set stock_quantity = 100000 where id = '${String(row.variant_id)}'`);
  return { id: String(row.id), size: Number(row.nicotine_strength), variantId: String(row.variant_id) };
}
