import type { NoticePayload } from "~/modules/mail/notice.jobs";

type MailShop = { shopName: string; baseUrl: string };
type Recipient = { email: string; name?: string | null };

const greeting = (user: Recipient) => (user.name ? `Hello ${user.name},` : "Hello,");

/** The link that finishes creating an account: confirms the address and signs the new customer in. */
export function verificationMail(shop: MailShop, user: Recipient, token: string, redirectTo = "/"): NoticePayload {
  const query = new URLSearchParams({ token });
  if (redirectTo !== "/") query.set("redirectTo", redirectTo);
  return {
    to: user.email,
    shopName: shop.shopName,
    subject: `${shop.shopName}: confirm your e-mail address`,
    title: "Confirm your e-mail address",
    greeting: greeting(user),
    paragraphs: [`Thank you for creating an account with ${shop.shopName}. To finish, confirm your e-mail address.`],
    action: {
      label: "Confirm my e-mail address",
      url: `${shop.baseUrl}/verify-email?${query}`,
      after: "The link works for 24 hours. If you did not ask for an account, you can ignore this e-mail.",
    },
  };
}

/**
 * Sent instead of a second account when someone signs up with an address that already has one: the answer on the
 * page is the same either way, so only the owner of the address learns that it is a customer.
 */
export function existingAccountMail(shop: MailShop, user: Recipient): NoticePayload {
  return {
    to: user.email,
    shopName: shop.shopName,
    subject: `${shop.shopName}: you already have an account`,
    title: "You already have an account",
    greeting: greeting(user),
    paragraphs: [
      `Someone, perhaps you, tried to create a new ${shop.shopName} account with this e-mail address. You already have one, so nothing was changed.`,
      `Sign in here: ${shop.baseUrl}/signin`,
      "If it was not you, you can ignore this e-mail.",
    ],
    action: { label: "Forgotten your password? Choose a new one", url: `${shop.baseUrl}/forget-password` },
  };
}
