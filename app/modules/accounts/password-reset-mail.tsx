/** The one-time link to choose a new password. */
import { Button } from "@react-email/button";
import { Text } from "@react-email/text";
import { MailLayout, mailButton, paragraph, renderMailHtml, type MailShop } from "~/modules/mail/mail-layout";
import { passwordResetSubject } from "./accounts.jobs";

export function passwordResetText(name: string, link: string): string {
  return [
    `Hello ${name},`.replace(" ,", ",").trim(),
    "",
    "Someone asked to reset the password of your account. If it was you, choose a new password here:",
    link,
    "",
    "The link works once, within one hour. If you did not ask, you can ignore this e-mail.",
  ].join("\n");
}

export function PasswordResetEmail({ shop, name, link }: { shop: MailShop; name: string; link: string }) {
  return (
    <MailLayout shop={shop} preview="Choose a new password" title="Choose a new password">
      <Text style={paragraph}>{name ? `Hello ${name},` : "Hello,"}</Text>
      <Text style={paragraph}>
        Someone asked to reset the password of your account. If it was you, choose a new password here:
      </Text>
      <Button href={link} style={mailButton}>
        Choose a new password
      </Button>
      <Text style={{ ...paragraph, marginTop: "16px" }}>
        The link works once, within one hour. If you did not ask, you can ignore this e-mail.
      </Text>
    </MailLayout>
  );
}

export async function passwordResetMail(shop: MailShop, name: string, link: string) {
  return {
    subject: passwordResetSubject(shop.name),
    text: passwordResetText(name, link),
    html: await renderMailHtml(<PasswordResetEmail shop={shop} name={name} link={link} />),
  };
}
