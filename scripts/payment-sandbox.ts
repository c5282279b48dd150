// npm run payment-sandbox: the local stand-in for Worldpay's API (server/payment-sandbox/sandbox-server.ts) on
// PAYMENT_SANDBOX_PORT (4590), sending signed events to the shop's webhook. For development and tests only; the shop
// uses it with PAYMENT_PROVIDER=sandbox and never in production. Stops on Ctrl+C (SIGINT) or SIGTERM.
import "./require-node.mjs"; // first: an older Node stops here with one line (docs/decisions/030)
import { startPaymentSandbox } from "../server/payment-sandbox/sandbox-server";

const secret = process.env.PAYMENT_WEBHOOK_SECRET;
if (!secret) {
  console.error(
    "PAYMENT_WEBHOOK_SECRET is not set: the sandbox signs its events with it, and the shop checks them with the same " +
      "value. Start it as e.g. PAYMENT_WEBHOOK_SECRET=dev-secret npm run payment-sandbox",
  );
  process.exit(1);
}
const port = Number(process.env.PAYMENT_SANDBOX_PORT || 4590);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PAYMENT_SANDBOX_PORT must be a port number (not "${process.env.PAYMENT_SANDBOX_PORT}").`);
  process.exit(1);
}
const webhookUrl =
  process.env.PAYMENT_SANDBOX_WEBHOOK_URL || `http://127.0.0.1:${process.env.PORT || 3000}/webhooks/payments/worldpay`;

const sandbox = await startPaymentSandbox({
  port,
  webhookUrl,
  webhookSecret: secret,
  username: process.env.WORLDPAY_USERNAME || "sandbox",
  password: process.env.WORLDPAY_PASSWORD || "sandbox",
  log: (line) => console.log(`${new Date().toISOString()} ${line}`),
});
console.log(`Payment sandbox (TEST — no real money) at ${sandbox.url}, events to ${webhookUrl}`);

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping the payment sandbox`);
    void sandbox.close().then(() => process.exit(0));
  });
}
