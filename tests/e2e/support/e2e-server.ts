// The e2e stack in one process: a real SMTP server that files each e-mail under data/e2e/mail (JSON: to, subject,
// content type, text and HTML), a local OpenID Connect provider standing in for Google, and the shop's production
// build configured to use both.
import cluster from "node:cluster";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { OAuth2Server } from "oauth2-mock-server";
import { mailParts, mailSubject, mailText, startSmtpSink } from "../../../app/testing/smtp-sink";
import { E2E_OIDC_PORT, E2E_PORT, E2E_SMTP_PORT, MAIL_DIR, OIDC_USER_FILE } from "./ports";

// With WEB_CONCURRENCY > 1 this file runs again in every worker: the mail server and the identity provider run once,
// in the primary.
if (cluster.isPrimary) await startStandIns();

async function startStandIns() {
  mkdirSync(MAIL_DIR, { recursive: true });
  let mailCount = 0;
  await startSmtpSink({
    port: E2E_SMTP_PORT,
    onMail: (mail) => {
      // As a mail program shows it (a '£' in it arrives encoded).
      const subject = mailSubject(mail);
      const file = `${MAIL_DIR}/${Date.now()}-${++mailCount}.json`;
      // The text alternative of a multipart e-mail (what a text-only mail program shows); its HTML is kept beside it.
      const parts = mailParts(mail);
      // Written whole, then renamed into place: a journey reading the folder never meets half a file.
      writeFileSync(
        `${file}.tmp`,
        JSON.stringify({
          to: mail.to,
          subject,
          contentType: parts.contentType,
          text: parts.text ?? mailText(mail),
          html: parts.html,
        }),
      );
      renameSync(`${file}.tmp`, file);
    },
  });

  type OidcUser = { sub: string; email: string; given_name: string; family_name: string };
  const nextUser = (): OidcUser =>
    existsSync(OIDC_USER_FILE)
      ? (JSON.parse(readFileSync(OIDC_USER_FILE, "utf8")) as OidcUser)
      : { sub: "google-default", email: "google.user@example.com", given_name: "Google", family_name: "User" };

  const oidc = new OAuth2Server();
  await oidc.issuer.keys.generate("RS256");
  oidc.service.on("beforeTokenSigning", (token) => {
    const user = nextUser();
    Object.assign(token.payload, {
      ...user,
      name: `${user.given_name} ${user.family_name}`,
      email_verified: true,
      aud: "e2e-client",
    });
  });
  oidc.service.on("beforeUserinfo", (userInfo) => {
    const user = nextUser();
    userInfo.body = { ...user, name: `${user.given_name} ${user.family_name}`, email_verified: true };
  });
  await oidc.start(E2E_OIDC_PORT, "127.0.0.1");
}

Object.assign(process.env, {
  APP_URL: `http://localhost:${E2E_PORT}`,
  SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
  GOOGLE_CLIENT_ID: "e2e-client",
  GOOGLE_CLIENT_SECRET: "e2e-secret",
  GOOGLE_ISSUER: `http://127.0.0.1:${E2E_OIDC_PORT}`,
});
await import("../../../server/main");
