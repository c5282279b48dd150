/**
 * The part of the order confirmation that the Consumer Contracts Regulations 2013 want on a durable medium (reg. 16,
 * Schedule 2): who the trader is, how payment is arranged, the right to cancel with the model instructions and the
 * model cancellation form; and where to recycle an old device (WEEE). Text and HTML say the same
 * (docs/decisions/040, 041). Kept apart from the order's figures so each can change alone.
 */
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import type { Trader } from "~/lib/trader";
import { mailColours, paragraph } from "~/modules/mail/mail-layout";
import {
  CANCELLATION_FORM_PATH,
  cancellationInstructions,
  modelCancellationForm,
  modelCancellationFormText,
  paymentArrangement,
} from "./cancellation";
import { RECYCLING_PAGE_PATH } from "./take-back";

export type RightsDetails = { trader: Trader; baseUrl: string };

const traderLine = (t: Trader) => `${t.name}, ${t.address}. E-mail ${t.email}, phone ${t.phone}.`;

export function confirmationRightsText({ trader, baseUrl }: RightsDetails): string {
  return [
    `Your contract is with ${traderLine(trader)}`,
    "",
    paymentArrangement,
    "",
    "Your right to cancel",
    ...cancellationInstructions(trader).flatMap((p) => [p, ""]),
    `The model cancellation form (also at ${baseUrl}${CANCELLATION_FORM_PATH}):`,
    "",
    modelCancellationFormText(trader),
    "",
    `Recycling your old vape: we take an old device back free of charge with each device you buy. ${baseUrl}${RECYCLING_PAGE_PATH}`,
  ].join("\n");
}

const small = { ...paragraph, fontSize: "13px", lineHeight: "19px" } as const;
const link = { color: mailColours.brand };

export function ConfirmationRights({ trader, baseUrl }: RightsDetails) {
  const form = modelCancellationForm(trader);
  return (
    <>
      <Text style={paragraph}>
        <strong>Your contract is with</strong> {traderLine(trader)}
      </Text>
      <Text style={paragraph}>
        <strong>Payment:</strong> {paymentArrangement}
      </Text>
      <Section style={{ borderTop: `1px solid ${mailColours.line}`, marginTop: "16px", paddingTop: "8px" }}>
        <Text style={{ ...paragraph, fontWeight: 700 }}>Your right to cancel</Text>
        {cancellationInstructions(trader).map((p) => (
          <Text key={p} style={small}>
            {p}
          </Text>
        ))}
      </Section>
      <Section style={{ border: `1px solid ${mailColours.line}`, borderRadius: "8px", padding: "4px 16px" }}>
        <Text style={{ ...paragraph, fontWeight: 700, margin: "8px 0 4px" }}>{form.title}</Text>
        <Text style={{ ...small, fontStyle: "italic" }}>{form.intro}</Text>
        {form.lines.map((line) => (
          <Text key={line} style={small}>
            — {line}
          </Text>
        ))}
        <Text style={small}>{form.note}</Text>
        <Text style={small}>
          To print it:{" "}
          <a href={`${baseUrl}${CANCELLATION_FORM_PATH}`} style={link}>
            {baseUrl}
            {CANCELLATION_FORM_PATH}
          </a>
        </Text>
      </Section>
      <Text style={{ ...paragraph, marginTop: "16px" }}>
        <strong>Recycling your old vape:</strong> we take an old device back free of charge with each device you buy.{" "}
        <a href={`${baseUrl}${RECYCLING_PAGE_PATH}`} style={link}>
          How take-back works
        </a>
      </Text>
    </>
  );
}
