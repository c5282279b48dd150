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
    account: { accountLinking: { enabled: true, trustedProviders: ["google"] } },
    advanced: { cookiePrefix: "shop", database: { generateId: () => newId(24) } },
    plugins: config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET ? [googlePlugin(config)] : [],
  });
}

export type Auth = ReturnType<typeof createAuth>;
