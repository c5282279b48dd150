/** The staff's notice of a new contact-form message; replying answers the sender. */
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import type { ContactInput } from "./contact";
import { contactNoticeSubject, senderName } from "./contact.jobs";
import { MailLayout, mailColours, paragraph, renderMailHtml, type MailShop } from "~/modules/mail/mail-layout";

export function contactNoticeText(input: ContactInput): string {
  return [
    `New message from the contact form.`,
    ``,
    `Name: ${senderName(input)}`,
    `Email: ${input.email}`,
    `Phone: ${input.phone || "(not given)"}`,
    `Subject: ${input.subject}`,
    ``,
    input.message,
  ].join("\n");
}

export function ContactNoticeEmail({ shop, input }: { shop: MailShop; input: ContactInput }) {
  const row = { ...paragraph, margin: "0 0 6px" };
  return (
    <MailLayout
      shop={shop}
      preview={`${input.subject} from ${senderName(input)}`}
      title="New message from the contact form"
    >
      <Text style={row}>
        <strong>Name:</strong> {senderName(input)}
      </Text>
      <Text style={row}>
        <strong>Email:</strong> {input.email}
      </Text>
      <Text style={row}>
        <strong>Phone:</strong> {input.phone || "(not given)"}
      </Text>
      <Text style={row}>
        <strong>Subject:</strong> {input.subject}
      </Text>
      <Section
        style={{ backgroundColor: mailColours.brandLight, borderRadius: "8px", margin: "16px 0", padding: "4px 16px" }}
      >
        <Text style={{ ...paragraph, whiteSpace: "pre-wrap" }}>{input.message}</Text>
      </Section>
      <Text style={{ ...paragraph, color: mailColours.muted, fontSize: "13px" }}>
        Reply to this e-mail to answer {senderName(input)}.
      </Text>
    </MailLayout>
  );
}

export async function contactNoticeMail(shop: MailShop, input: ContactInput) {
  return {
    subject: contactNoticeSubject(shop.name, input),
    text: contactNoticeText(input),
    html: await renderMailHtml(<ContactNoticeEmail shop={shop} input={input} />),
  };
}
