import type { configSchema } from "./config-schema.server";

/** A setting's meaning, and its default in words where the schema has no plain default value. */
export type Meaning = string | { description: string; defaultText: string };

/**
 * What each setting means: the one source of docs/configuration.md and .env.example (`npm run docs:config`,
 * scripts/config-docs.ts). config.server.ts puts them in zod's metadata registry: `configSchema.shape.PORT.meta()`.
 */
export const meanings: Record<keyof typeof configSchema.shape, Meaning> = {
  PORT: "HTTP port.",
  HOST: "Interface to listen on.",
  DATABASE_URL: "`file:PATH` for SQLite; `postgres://user:pass@host:5432/db` selects PostgreSQL.",
  DATABASE_POOL_SIZE: "PostgreSQL connections per server process.",
  DEMO_CONTENT:
    "`on`: a new database (no devices, no blog posts) gets the demo shop's content at start; `off`: it starts empty, for a real shop (docs/decisions/026). A database with content of its own is never changed.",
  LOG_LEVEL:
    "`fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`; logs are JSON lines on stdout (readable lines under `npm run dev`). At `info`, one line per page or action; static files and health checks only at `debug`.",
  SHUTDOWN_TIMEOUT_MS:
    "On SIGTERM, how long requests in flight may take to finish before they are cut, in ms (0–600000).",
  KEEP_ALIVE_TIMEOUT_MS:
    "How long an idle keep-alive connection stays open, in ms (1000–240000): longer than any proxy or load balancer in front keeps its upstream connections (nginx and cloud load balancers: 60 s), so none reuses a connection the shop is closing and answers 502 (docs/decisions/032). On SIGTERM idle connections are closed at once whatever this is.",
  PAGE_CACHE_ENTRIES:
    "Pages kept per server process (the same page for every shopper, signed in or not); `0` turns the cache off.",
  SHARED_PAGE_SECONDS:
    "How long nginx in front (deploy/nginx/) or a CDN may keep a page that is the same for everyone (`s-maxage`), in seconds; a staff change shows through it within this time. `0`: they ask the shop every time.",
  CONTENT_VERSION_POLL_MS:
    "How often each server process checks whether the catalogue or content changed, in ms; a staff change shows on every copy within this.",
  WEB_CONCURRENCY: {
    description:
      "Server processes on this machine (Node cluster; read by server/main.ts before the rest): the primary prepares the database, the workers share the port. `1`: one process, no cluster.",
    defaultText: "the number of CPUs (1 under `npm run dev`)",
  },
  BODY_LIMIT_BYTES:
    "Largest request body accepted, in bytes (larger: 413); image uploads in the back office have their own limit.",
  UPLOAD_DIR:
    "Where images uploaded in the back office are stored (served at `/uploads/…`, cached for a year: names are content hashes).",
  BACKUP_KEEP_DAYS:
    "`npm run backup` deletes the backups in its folder older than this many days (docs/guide/backups.md). The privacy notice tells customers that an erased account can remain in a backup this long.",
  UPLOAD_MAX_BYTES: "Largest image upload in bytes (JPEG, PNG or WebP; at most 50 megapixels whatever the size).",
  SHOP_NAME: "Shown in the header, footer and page titles.",
  SHOP_CURRENCY:
    "ISO currency code used to format prices: `GBP` gives `£12.99`, `USD` `$12.99`. Each order keeps the currency it was placed in (docs/decisions/036).",
  SHOP_WHATSAPP_NUMBER:
    "The shop's WhatsApp number, international, digits only. The default is fictional (Ofcom's drama range): set the real one before opening.",
  SHOP_PHONE:
    "Contact phone shown to shoppers. The default is fictional (Ofcom's drama range): set the real one before opening.",
  SHOP_EMAIL: "Contact e-mail shown to shoppers. The default is fictional: set the real one before opening.",
  SHOP_ADDRESS: "Contact address shown to shoppers. The default is fictional: set the real one before opening.",
  SHOP_TIME_ZONE:
    "The IANA time zone (e.g. `Europe/Dublin`) the shop's days are counted in (today, delivery dates, the 14-day return window, the back office's date filters and dashboard) and its dates and times are shown in, on the server and in the browser alike (app/lib/shop-time.ts, docs/decisions/024); an unknown zone stops the server at start.",
  VAT_QUARTER_ENDS:
    "The months the shop's VAT quarters end in, as HMRC gave them (its 'stagger'): `mar-jun-sep-dec` (calendar quarters), `apr-jul-oct-jan` or `may-aug-nov-feb`. The Reports page's quarters and its VAT summary CSV follow it (docs/decisions/081).",
  SMTP_URL: {
    description:
      "`smtp://user:pass@host:587` or `smtps://…:465`; without it e-mails are written to the log instead of sent. Connection and greeting time out after 5 s, an unanswered command after 10 s (set `?connectionTimeout=`, `greetingTimeout=` or `socketTimeout=` in ms on the URL to change them).",
    defaultText: "none: e-mails go to the log",
  },
  MAIL_FROM: { description: "Sender of the shop's e-mails.", defaultText: "`SHOP_NAME <SHOP_EMAIL>`" },
  STAFF_EMAIL: { description: "Who is e-mailed about each new contact message.", defaultText: "`SHOP_EMAIL`" },
  SHOP_ORDERS_EMAIL: {
    description:
      "Who is e-mailed about each new order (its lines, total, whether it is paid and whether the age check is pending: docs/decisions/084).",
    defaultText: "`STAFF_EMAIL`, else `SHOP_EMAIL`",
  },
  TRUST_PROXY:
    "`true` or the number of proxies in front of the shop, so rate limits see the client's address (`X-Forwarded-For`); when set, `/metrics` opens only with `METRICS_TOKEN`. Left off behind a proxy, the shop warns once (the first request with `X-Forwarded-For` from a loopback or private address).",
  METRICS_TOKEN:
    "At least 24 characters: `GET /metrics` with `Authorization: Bearer <token>` answers the Prometheus metrics.",
  METRICS_ALLOW:
    "Client addresses (comma-separated) that may read `/metrics` without the token: seen on the connection itself, only for a request with no proxy header at all (`Forwarded`, `X-Forwarded-*`, `X-Real-IP`, `Via`) and never while `TRUST_PROXY` is set; `none`: the token only.",
  APP_URL: {
    description:
      "The shop's public address, used in e-mailed links and as Google's return address; an `https://` address also turns on HSTS (one year).",
    defaultText: "`http://localhost:PORT`",
  },
  AUTH_SECRET: {
    description:
      "At least 32 characters; signs sessions. Without it the shop makes one on first start and shares it with every server copy through the database.",
    defaultText: "made once, kept in the database",
  },
  GOOGLE_CLIENT_ID:
    "With `GOOGLE_CLIENT_SECRET`: both set, 'Sign in with Google' / 'Sign up with Google' appear (redirect URI: `APP_URL/api/auth/callback/google`).",
  GOOGLE_CLIENT_SECRET: "With `GOOGLE_CLIENT_ID` (above).",
  GOOGLE_ISSUER: "The OpenID Connect issuer; tests point it at a local provider.",
  TAX_RATE_PERCENT:
    "The VAT (or tax) rate in percent: UK standard-rate VAT is 20. Each order keeps the rate it was placed with (to a hundredth of a percent).",
  TAX_MODE:
    "`included` (UK law, the Price Marking Order 2004): prices include VAT, totals are the prices plus shipping and show the VAT they contain ('Includes VAT'), in the cart, payment step, order, WhatsApp texts and e-mails alike; `added`: tax is added on top of the prices ('Tax'), for a shop outside that rule (docs/decisions/029, 036). Each order keeps how it was counted.",
  SHOW_WAS_PRICES:
    "`off`: no struck-through original ('was') price is shown, as CAP Code 22.12 and the CAP/MHRA enforcement notice on e-cigarette pricing (2022) require of nicotine products. `on` (for shops outside that rule): a device's original price is shown struck through, but only if it really sold at that price for at least 28 days within the last 90 (the price history; docs/guide/uk-rules.md).",
  COMPANY_NAME:
    "The company's legal name. The footer shows the company details that are set, in one line ('Registered in England and Wales, company number …'): UK law wants name, number and registered office on the website.",
  COMPANY_NUMBER: "Companies House number (`12345678`, `SC123456`…), shown in the footer when set.",
  VAT_NUMBER: "VAT number (`GB123456789`), shown in the footer when set.",
  COMPANY_ADDRESS: "The registered office, shown in the footer when set.",
  SOCIAL_FACEBOOK_URL:
    "The shop's own Facebook page (https, on that network, not its home page). Only the networks set get an icon in the footer; none set: no social links.",
  SOCIAL_INSTAGRAM_URL: "The shop's own Instagram page (as `SOCIAL_FACEBOOK_URL`).",
  SOCIAL_X_URL: "The shop's own X page (as `SOCIAL_FACEBOOK_URL`).",
  SOCIAL_YOUTUBE_URL: "The shop's own YouTube page (as `SOCIAL_FACEBOOK_URL`).",
  LOW_STOCK_THRESHOLD:
    "At or under this many units an item shows 'Only N left' and is listed as low stock in the back office.",
  SCHEDULED_SHIPPING_PRICE:
    "Only read once, by the upgrade that made shipping methods editable (migration 2026_11_29_1500, docs/decisions/082): a price set here (e.g. `9.50`, never less than Express's 8.50) becomes the Scheduled Delivery method's price. Since then prices are set in the back office (Shipping) and this setting is ignored.",
  UNPAID_ORDER_DAYS:
    "Days an order waits for its payment (3–90): two days before, the customer is reminded by e-mail; then an order still unpaid is cancelled, its stock goes back on sale and the customer is told (docs/decisions/045). Each order keeps the days it was placed with.",
  UNPAID_ORDER_DAYS_AGE_UNCHECKED:
    "Days an order waits for its payment when its account's age is not verified yet (3–90; never longer than `UNPAID_ORDER_DAYS`): a new account's unpaid order holds its stock this long, not a week (docs/decisions/070).",
  UNPAID_ORDERS_PER_ACCOUNT:
    "Orders one account may have waiting for payment at once (pending or confirmed, not paid, not cancelled); one more is refused with the reason at the payment step until one is paid or cancelled (docs/guide/shopping.md, 'Orders waiting for payment').",
  UNPAID_UNITS_PER_ACCOUNT:
    "Units (items, all lines together) one account's orders waiting for payment may hold, the new order's included; a larger order is refused with the reason (the shopper is pointed to WhatsApp for a bulk order).",
  UNPAID_ORDERS_PER_ADDRESS:
    "Orders waiting for payment to one delivery address (the same postcode and first line, whatever their case, spaces and punctuation), from any number of accounts.",
  UNPAID_UNITS_PER_ADDRESS:
    "Units the orders waiting for payment to one delivery address may hold, from any number of accounts.",
  ORDERS_PER_HOUR_PER_ACCOUNT:
    "Orders one account may place in an hour (a sliding hour, counted in the database so it holds across server copies); a refused or repeated order does not count.",
  ORDERS_PER_HOUR_PER_IP:
    "Orders placed from one client address in an hour, whatever the account (set `TRUST_PROXY` behind a proxy, so the client's own address counts).",
  PAYMENT_PROVIDER:
    "Who takes card payments (docs/guide/payments.md, docs/decisions/078): `manual` offers only 'Order via WhatsApp' and staff record each payment; `worldpay` adds 'Pay by card' on Worldpay's hosted payment page; `sandbox` starts a local stand-in of Worldpay (port `PAYMENT_SANDBOX_PORT`) whose page is marked TEST and moves no money.",
  WORLDPAY_BASE_URL:
    "Worldpay's API address: its test environment by default; `https://access.worldpay.com` to take real money. A shop at an https address refuses the test environment unless `PAYMENT_TEST_MODE=true`.",
  WORLDPAY_USERNAME: {
    description: "The API username Worldpay gave (Basic authentication).",
    defaultText: "none (required by `worldpay`)",
  },
  WORLDPAY_PASSWORD: {
    description: "The API password Worldpay gave. Secret.",
    defaultText: "none (required by `worldpay`)",
  },
  WORLDPAY_ENTITY: "The merchant entity Worldpay routes the payments to (its onboarding names it).",
  PAYMENT_WEBHOOK_SECRET: {
    description:
      "The shared secret Worldpay signs its events with (the `Event-Signature` header's HMAC-SHA256); events at `POST /webhooks/payments/worldpay` without a matching signature are refused with 400. Secret; at least 16 characters.",
    defaultText: "none (required by `worldpay` and `sandbox`)",
  },
  PAYMENT_TEST_MODE:
    "`true` lets a shop at a public https address take test payments (Worldpay's test environment or the sandbox): an open shop must not by accident.",
  PAYMENT_SANDBOX_PORT:
    "With `PAYMENT_PROVIDER=sandbox`: the port the local stand-in of Worldpay listens on (127.0.0.1).",
  PAYMENT_CHECK_SECONDS:
    "Seconds after a card payment starts before the shop asks the provider about it, if no event came (a closed tab, a lost webhook); then again at widening intervals.",
  PAYMENT_PENDING_MINUTES:
    "Minutes after which a card payment nobody finished is given up as abandoned (the order then waits for payment as any other, and may be paid again).",
  PAYMENT_PROVIDER_TIMEOUT_MS:
    "How long the shop waits for the payment provider's answer before it treats the call as failed and retries it later with the same idempotency key.",
  AGE_VERIFICATION:
    "The age checker run for each new customer (app/modules/age-checks/checkers.server.ts, docs/decisions/015, 044): `manual` refers every check to staff (the customer is asked for a photo ID); `http` asks the service at `AGE_CHECK_API_URL` first, and a refer, a timeout or a service down falls back to the photo ID.",
  AGE_CHECK_API_URL: {
    description:
      "With `AGE_VERIFICATION=http`: where each check is POSTed as JSON (`{ requestId, name, dateOfBirth, address }`); the answer is `{ result: pass | fail | refer, reference }` (docs/decisions/044).",
    defaultText: "none (required by `http`)",
  },
  AGE_CHECK_API_KEY: {
    description: "With `AGE_VERIFICATION=http`: sent as `Authorization: Bearer <key>`.",
    defaultText: "none",
  },
  AGE_CHECK_TIMEOUT_MS:
    "With `AGE_VERIFICATION=http`: how long to wait for the service's answer, in ms (100–60000); longer is a refer to staff.",
  AGE_DOCUMENTS_DIR:
    "Where customers' photo IDs wait for staff (private: never served by the static server, only to staff through the back office; keep it outside `UPLOAD_DIR` and out of backups you share). Each file is deleted on the decision or after 30 days.",
  AUDIT_RETENTION_YEARS:
    "How many years the back office's audit log keeps an entry (1–100); a daily job deletes older ones (docs/decisions/080: six years, as HMRC keeps VAT records).",
  JOB_POLL_MS: "How often each server process's job worker looks for due e-mails, in ms (docs/decisions/012).",
  JOB_RETRY_BASE_MS: "Wait before the first retry of a failed e-mail, in ms; each later one doubles it, up to an hour.",
};
