/** The shop's reply to a contact message, sent to its sender with the start of their message quoted. */
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import type { z } from "zod";
import { formatDateTime } from "~/lib/shop-time";
import { MailLayout, mailColours, paragraph, renderMailHtml, type MailShop } from "~/modules/mail/mail-layout";
import type { messageReplyJob } from "./messages-admin.jobs";
import { replySubject } from "./messages-admin";

export type MessageReplyMail = z.infer<(typeof messageReplyJob)["payload"]>;

const greeting = (name: string) => (name.trim() ? `Hello ${name.trim()},` : "Hello,");
const youWrote = (p: MessageReplyMail) => `On ${formatDateTime(p.sentAt)} you wrote:`;

export function messageReplyText(p: MessageReplyMail): string {
  return [greeting(p.name), ``, p.body, ``, youWrote(p), ...p.quote.split("\n").map((line) => `> ${line}`)].join("\n");
}

export function MessageReplyEmail({ shop, reply }: { shop: MailShop; reply: MessageReplyMail }) {
  return (
    <MailLayout shop={shop} preview={reply.body.slice(0, 90)} title={`Re: ${reply.subject}`}>
      <Text style={paragraph}>{greeting(reply.name)}</Text>
      <Text style={{ ...paragraph, whiteSpace: "pre-wrap" }}>{reply.body}</Text>
      <Text style={{ ...paragraph, color: mailColours.muted, fontSize: "13px", margin: "16px 0 4px" }}>
        {youWrote(reply)}
      </Text>
      <Section style={{ borderLeft: `3px solid ${mailColours.brandLight}`, margin: "0 0 16px", padding: "0 0 0 12px" }}>
        <Text style={{ ...paragraph, color: mailColours.muted, whiteSpace: "pre-wrap" }}>{reply.quote}</Text>
      </Section>
    </MailLayout>
  );
}

export async function messageReplyMail(shop: MailShop, reply: MessageReplyMail) {
  return {
    subject: replySubject(shop.name, reply.subject),
    text: messageReplyText(reply),
    html: await renderMailHtml(<MessageReplyEmail shop={shop} reply={reply} />),
  };
}
