/**
 * The right to cancel in the shop's words (Consumer Contracts Regulations 2013: reg. 13 and Schedule 2 say what the
 * shopper is told before ordering and in the confirmation; Schedule 3 gives the model instructions and the model
 * cancellation form). One source for the payment step, the cancellation form page and the confirmation e-mail, so
 * they always say the same (docs/decisions/040). Client-safe, no I/O.
 */
import type { Trader } from "~/lib/trader";
import { RETURN_DAYS } from "./returns";

export const CANCELLATION_FORM_PATH = "/cancellation-form";
export const RETURNS_PAGE_PATH = "/info/exchange-and-returns";
export const TERMS_PAGE_PATH = "/info/terms-of-use";

/** How payment is arranged: nothing is taken on the site (docs/product/specification.md §9: order via WhatsApp). */
export const paymentArrangement =
  "You do not pay now: nothing is taken on this site. We confirm your order on WhatsApp and send you the payment details there; we dispatch it once your payment has arrived.";

/** The same, short, beside the payment step's button: what pressing it does and does not do. */
export const paymentAtButton =
  "Nothing is taken now: your order is saved and sent to us on WhatsApp, where we send the payment details.";

/** The right to cancel, short, for the payment step and the e-mail (from the model instructions, Schedule 3). */
export const rightToCancelSummary = `You have the right to cancel this contract within ${RETURN_DAYS} days without giving any reason. The ${RETURN_DAYS} days end ${RETURN_DAYS} days after the day you (or someone you name, other than the courier) receive the goods. To cancel, cancel the order in your account, or tell us by a clear statement, for example by e-mail; you may use the model cancellation form, but you do not have to.`;

/** The hygiene exception as reg. 28(1)(c) words it, and what it means for the shop's goods. */
export const hygieneException =
  "The right to cancel does not apply to sealed goods that are not suitable for return for health protection or hygiene reasons once unsealed after delivery: sealed e-liquids and pods that were unsealed after delivery cannot be returned. Devices may be returned whether or not they were opened.";

/** The model instructions for cancellation (Schedule 3, Part 1), with the trader's details filled in. */
export function cancellationInstructions(trader: Trader): string[] {
  return [
    `You have the right to cancel this contract within ${RETURN_DAYS} days without giving any reason. The cancellation period will expire after ${RETURN_DAYS} days from the day on which you acquire, or a third party other than the carrier and indicated by you acquires, physical possession of the goods.`,
    `To exercise the right to cancel, you must inform us (${trader.name}, ${trader.address}, phone ${trader.phone}, e-mail ${trader.email}) of your decision to cancel this contract by a clear statement (e.g. a letter sent by post or e-mail), or cancel the order in your account. You may use the model cancellation form, but it is not obligatory.`,
    "To meet the cancellation deadline, it is sufficient for you to send your communication concerning your exercise of the right to cancel before the cancellation period has expired.",
    "If you cancel this contract, we will reimburse to you all payments received from you, including the costs of delivery (except for the supplementary costs arising if you chose a type of delivery other than the least expensive type of standard delivery offered by us). We will make the reimbursement without undue delay, and not later than 14 days after the day we receive back from you any goods supplied, or (if earlier) 14 days after the day you provide evidence that you have returned the goods. We will use the same means of payment as you used, and you will not incur any fees as a result of the reimbursement.",
    "You shall send back the goods or hand them over to us without undue delay and in any event not later than 14 days from the day on which you communicate your cancellation from this contract to us. You will have to bear the direct cost of returning the goods. You are only liable for any diminished value of the goods resulting from handling other than what is necessary to establish their nature, characteristics and functioning.",
    hygieneException,
  ];
}

/** The model cancellation form (Schedule 3, Part 2), word for word, addressed to the trader. */
export function modelCancellationForm(trader: Trader): { title: string; intro: string; lines: string[]; note: string } {
  return {
    title: "Model cancellation form",
    intro: "(Complete and return this form only if you wish to withdraw from the contract)",
    lines: [
      `To ${trader.name}, ${trader.address}, ${trader.email}:`,
      "I/We [*] hereby give notice that I/We [*] cancel my/our [*] contract of sale of the following goods [*],",
      "Ordered on [*]/received on [*],",
      "Name of consumer(s),",
      "Address of consumer(s),",
      "Signature of consumer(s) (only if this form is notified on paper),",
      "Date",
    ],
    note: "[*] Delete as appropriate.",
  };
}

/** The model form as plain text (the confirmation e-mail's text part). */
export function modelCancellationFormText(trader: Trader): string {
  const form = modelCancellationForm(trader);
  return [form.title, form.intro, ...form.lines.map((line) => `— ${line}`), form.note].join("\n");
}
