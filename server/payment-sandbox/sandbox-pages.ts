// The payment sandbox's hosted page (server/payment-sandbox/sandbox-server.ts): what Worldpay's card page is in real
// life, here five buttons that decide the payment. Every page carries the banner "TEST — no real money"; everything
// echoed from the shop's request is escaped. Never used in production.

type PaymentShown = { narrative: string; description: string | null; reference: string; amount: string };

export type PageOutcome =
  | ({ kind: "choose"; action: string } & PaymentShown)
  | ({ kind: "finished"; state: string } & PaymentShown)
  | ({ kind: "no-way-back"; state: string; missing: string } & PaymentShown)
  | { kind: "closed" }
  | { kind: "not-found" }
  | { kind: "unknown-choice" };

/** The buttons, in order: what each says and the `outcome` it posts. */
export const SANDBOX_BUTTONS = [
  ["Approve", "approve"],
  ["Decline", "decline"],
  ["Fail 3-D Secure", "fail-3ds"],
  ["Abandon", "abandon"],
  ["Leave pending", "pending"],
] as const;

const STATE_WORDS: Record<string, string> = {
  Authorized: "authorised, waiting to be settled",
  SentForSettlement: "approved",
  Refused: "declined",
  SentForCancellation: "cancelled",
  SentForRefund: "approved, then refunded",
  Error: "failed with an error",
  pending: "left pending",
};

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );
}

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;color:#111;background:#fff}
.banner{background:#b00020;color:#fff;font-size:2rem;font-weight:700;text-align:center;padding:1rem;margin:0}
main{max-width:32rem;margin:2rem auto;padding:0 1rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}dt{font-weight:600}
.buttons{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1.5rem}
button{font-size:1rem;padding:.75rem 1.25rem;border:2px solid #111;border-radius:.375rem;background:#fff;cursor:pointer}
button:focus-visible{outline:3px solid #1a5fb4;outline-offset:2px}
button[value=approve]{background:#0b6e2e;border-color:#0b6e2e;color:#fff}`;

function layout(title: string, main: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} — payment sandbox</title>
<style>${STYLE}</style>
</head>
<body>
<header><p class="banner">TEST — no real money</p></header>
<main>
${main}
</main>
</body>
</html>
`;
}

function details(p: PaymentShown): string {
  const rows: [string, string | null][] = [
    ["Pay to", p.narrative],
    ["For", p.description],
    ["Amount", p.amount],
    ["Reference", p.reference],
  ];
  const shown = rows.filter((row): row is [string, string] => row[1] !== null && row[1] !== "");
  return `<dl>\n${shown.map(([term, value]) => `<dt>${term}</dt><dd>${escapeHtml(value)}</dd>`).join("\n")}\n</dl>`;
}

export function hostedPage(page: PageOutcome): string {
  switch (page.kind) {
    case "choose": {
      const buttons = SANDBOX_BUTTONS.map(
        ([label, outcome]) => `<button type="submit" name="outcome" value="${outcome}">${label}</button>`,
      ).join("\n");
      return layout(
        `Pay ${page.amount} to ${page.narrative}`,
        `<h1>Pay ${escapeHtml(page.amount)} to ${escapeHtml(page.narrative)}</h1>
${details(page)}
<p>This is the payment sandbox standing in for Worldpay's card page: no card is asked for and no money moves.
Choose what the card payment does.</p>
<form method="post" action="${escapeHtml(page.action)}">
<div class="buttons">
${buttons}
</div>
</form>`,
      );
    }
    case "finished":
      return layout(
        "This payment is finished",
        `<h1>This payment is finished</h1>
<p>It was ${escapeHtml(STATE_WORDS[page.state] ?? page.state)}. Nothing more can be done on this page.</p>
${details(page)}`,
      );
    case "no-way-back":
      return layout(
        "Nowhere to go back to",
        `<h1>The payment was ${escapeHtml(STATE_WORDS[page.state] ?? page.state)}</h1>
<p>The shop gave no ${escapeHtml(page.missing)} to go back to.</p>
${details(page)}`,
      );
    case "closed":
      return layout(
        "You closed the payment page",
        `<h1>You closed the payment page</h1>
<p>Nothing was decided and no event was sent: the payment stays unfinished.</p>`,
      );
    case "not-found":
      return layout("Payment page not found", "<h1>Payment page not found</h1>\n<p>No payment was set up here.</p>");
    case "unknown-choice":
      return layout("Unknown choice", "<h1>Unknown choice</h1>\n<p>Choose one of the page's buttons.</p>");
  }
}
