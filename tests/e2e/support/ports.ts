/** Fixed local ports of the e2e stack: the shop, its SMTP server and the stand-in for Google. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);
export const E2E_SMTP_PORT = E2E_PORT + 1;
export const E2E_OIDC_PORT = E2E_PORT + 2;
export const E2E_DIR = "data/e2e";
export const MAIL_DIR = `${E2E_DIR}/mail`;
/** The identity the local OpenID provider hands out next (written by the Google journey). */
export const OIDC_USER_FILE = `${E2E_DIR}/oidc-user.json`;
