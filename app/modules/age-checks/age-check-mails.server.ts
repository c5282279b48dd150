import type { NoticePayload } from "~/modules/mail/notice.jobs";
import { ageMessages } from "./age-checks";

export type ShopLink = { shopName: string; baseUrl: string };

/** The customer hears the result of their age check: verified (orders go out) or failed (open orders cancelled). */
export function ageDecisionMail(
  shop: ShopLink,
  user: { email: string; name: string },
  status: "verified" | "failed",
  cancelledOrders: string[],
): NoticePayload {
  const greeting = user.name ? `Hello ${user.name},` : "Hello,";
  if (status === "verified") {
    return {
      to: user.email,
      shopName: shop.shopName,
      subject: `${shop.shopName}: your age is confirmed`,
      title: "Your age is confirmed",
      greeting,
      paragraphs: [
        "Thank you: we have confirmed that you are 18 or over. Your orders will now be dispatched without waiting.",
      ],
      action: { label: "See your orders", url: `${shop.baseUrl}/account/orders` },
    };
  }
  return {
    to: user.email,
    shopName: shop.shopName,
    subject: `${shop.shopName}: we could not confirm your age`,
    title: "We could not confirm your age",
    greeting,
    paragraphs: [
      ageMessages.failed,
      ...(cancelledOrders.length
        ? [
            `We have cancelled ${cancelledOrders.length === 1 ? "your order" : "your orders"} ${cancelledOrders.join(", ")}; nothing will be sent. If you have already paid, we will refund you.`,
          ]
        : []),
    ],
    action: { label: "Contact us", url: `${shop.baseUrl}/contactus` },
  };
}
