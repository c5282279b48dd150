/**
 * A short notice from the shop: a title, a few paragraphs and at most one button (sign-up links, account and age
 * check news, back in stock). The text alternative says the same, with the link written out.
 */
import { Button } from "@react-email/button";
import { Text } from "@react-email/text";
import { MailLayout, mailButton, paragraph, renderMailHtml, type MailShop } from "./mail-layout";
import type { NoticePayload } from "./notice.jobs";

export function noticeText(n: NoticePayload): string {
  const lines = [n.greeting, "", ...n.paragraphs.flatMap((p) => [p, ""])];
  if (n.action) lines.push(`${n.action.label}: ${n.action.url}`, "", ...(n.action.after ? [n.action.after, ""] : []));
  return [...lines, n.shopName].join("\n");
}

export function NoticeEmail({ shop, notice }: { shop: MailShop; notice: NoticePayload }) {
  return (
    <MailLayout shop={shop} preview={notice.title} title={notice.title}>
      <Text style={paragraph}>{notice.greeting}</Text>
      {notice.paragraphs.map((p) => (
        <Text key={p} style={paragraph}>
          {p}
        </Text>
      ))}
      {notice.action && (
        <>
          <Button href={notice.action.url} style={mailButton}>
            {notice.action.label}
          </Button>
          {notice.action.after && <Text style={{ ...paragraph, marginTop: "16px" }}>{notice.action.after}</Text>}
        </>
      )}
    </MailLayout>
  );
}

export async function noticeMail(shop: MailShop, notice: NoticePayload) {
  return {
    subject: notice.subject,
    text: noticeText(notice),
    html: await renderMailHtml(<NoticeEmail shop={shop} notice={notice} />),
  };
}
