import { betterAuth } from "better-auth";
import { genericOAuth } from "better-auth/plugins";
import type { DatabaseKind, Db } from "~/db/database.server";
import { appUrl, type Config } from "~/lib/config.server";
import { newId } from "~/lib/ids.server";
import type { Logger } from "~/lib/log.server";
import type { Mailer } from "~/lib/mailer.server";

export type AuthDeps = { db: Db; kind: DatabaseKind; config: Config; secret: string; mailer: Mailer; log: Logger };

const DAY = 24 * 60 * 60;

/** Google through OpenID Connect; the issuer is configurable so tests can use a local provider. */
function googlePlugin(config: Config) {
  return genericOAuth({
    config: [
      {
        providerId: "google",
        name: "Google",
        clientId: config.GOOGLE_CLIENT_ID!,
        clientSecret: config.GOOGLE_CLIENT_SECRET!,
        discoveryUrl: `${config.GOOGLE_ISSUER.replace(/\/$/, "")}/.well-known/openid-configuration`,
        scopes: ["openid", "email", "profile"],
        pkce: true,
        mapProfileToUser: (profile) => ({
          firstName: typeof profile.given_name === "string" ? profile.given_name : null,
          lastName: typeof profile.family_name === "string" ? profile.family_name : null,
          authProvider: "google",
        }),
      },
    ],
  });
}

/**
 * Sessions, password hashing (scrypt), reset tokens and Google sign-in. The shop calls `auth.api` from its own
 * actions (which validate and rate-limit first); only the OAuth callback is served over HTTP.
 */
export function createAuth({ db, kind, config, secret, mailer, log }: AuthDeps) {
  const baseURL = appUrl(config);
  return betterAuth({
    appName: config.SHOP_NAME,
    baseURL,
    basePath: "/api/auth",
    secret,
    trustedOrigins: [baseURL],
    database: { db, type: kind },
    telemetry: { enabled: false },
    // Into the shop's JSON log; only the message, never the arguments (they may hold request data).
    logger: { level: "warn", log: (level, message) => log[level === "debug" ? "debug" : level]({ source: "better-auth" }, message) },
    rateLimit: { enabled: false },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, token }) => {
        const link = `${baseURL}/reset-password?token=${encodeURIComponent(token)}`;
        // In the background: the answer must not take longer when the account exists.
        void mailer
          .send({
            to: user.email,
            subject: `${config.SHOP_NAME}: choose a new password`,
            text: [
              `Hello ${user.name || ""},`.trim(),
              "",
              "Someone asked to reset the password of your account. If it was you, choose a new password here:",
              link,
              "",
              "The link works once, within one hour. If you did not ask, you can ignore this e-mail.",
            ].join("\n"),
          })
          .catch((error: Error) => log.error({ err: error }, "could not send a password reset e-mail"));
      },
    },
    user: {
      additionalFields: {
        firstName: { type: "string", required: false },
        lastName: { type: "string", required: false },
        dateOfBirth: { type: "string", required: false },
        authProvider: { type: "string", required: false },
        role: { type: "string", required: false, input: false, defaultValue: "customer" },
      },
    },
    session: { expiresIn: 30 * DAY, updateAge: DAY },
    // Google with the email of an existing account signs into that account (the issue asks for it), although this
    // shop does not verify emails at sign-up. Against pre-registration hijacking, linking Google removes the
    // account's unverified password and ends its other sessions (docs/decisions/006).
    account: { accountLinking: { enabled: true, trustedProviders: ["google"], requireLocalEmailVerified: false } },
    databaseHooks: {
      account: {
        create: {
          after: async (account) => {
            if (account.providerId !== "google") return;
            const removed = await db
              .deleteFrom("account")
              .where("userId", "=", account.userId)
              .where("providerId", "=", "credential")
              .executeTakeFirst();
            if (Number(removed.numDeletedRows) > 0) {
              await db.deleteFrom("session").where("userId", "=", account.userId).execute();
              log.info({ userId: account.userId }, "Google linked to an existing account: its password and sessions were removed");
            }
          },
        },
      },
    },
    advanced: { cookiePrefix: "shop", database: { generateId: () => newId(24) } },
    plugins: config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET ? [googlePlugin(config)] : [],
  });
}

export type Auth = ReturnType<typeof createAuth>;
