import type { NoticePayload } from "~/modules/mail/notice.jobs";
import { AGE_CHECK_PAGE_PATH, ageDocumentMessages, ageMessages } from "./age-checks";

export type ShopLink = { shopName: string; baseUrl: string };

/** The check was referred to staff: the customer is asked for a photo of their photo ID, and told how and why. */
export function ageDocumentNeededMail(shop: ShopLink, user: { email: string; name: string }): NoticePayload {
  return {
    to: user.email,
    shopName: shop.shopName,
    subject: `${shop.shopName}: please send a photo of your ID`,
    title: "Please confirm your age",
    greeting: user.name ? `Hello ${user.name},` : "Hello,",
    paragraphs: [
      `Thank you for your order. ${ageDocumentMessages.what}`,
      ageDocumentMessages.how,
      ageDocumentMessages.who,
      "Your order is kept until we have checked it; nothing is dispatched before.",
    ],
    action: { label: "Send your photo ID", url: `${shop.baseUrl}${AGE_CHECK_PAGE_PATH}` },
  };
}

/**
 * Staff could not use the photo ID sent (blurry, cut off, the wrong document): the customer is told why (`reason`,
 * staff's note), that it has been deleted, and how to send another; their orders wait as before.
 */
export function ageNewPhotoMail(shop: ShopLink, user: { email: string; name: string }, reason: string): NoticePayload {
  return {
    to: user.email,
    shopName: shop.shopName,
    subject: `${shop.shopName}: please send a new photo of your ID`,
    title: "Please send a new photo of your ID",
    greeting: user.name ? `Hello ${user.name},` : "Hello,",
    paragraphs: [
      "Thank you for sending your photo ID. We could not use it to confirm your age, so we have deleted it.",
      `The reason: ${reason}`,
      ageDocumentMessages.how,
      "Your orders wait until we have checked the new one; nothing is dispatched before.",
    ],
    action: { label: "Send a new photo", url: `${shop.baseUrl}${AGE_CHECK_PAGE_PATH}` },
  };
}

/**
 * The customer hears the result of their age check: verified (orders go out) or failed (open orders cancelled),
 * with the reason staff gave (`note`; none when a checking service decided) and what to do next.
 */
export function ageDecisionMail(
  shop: ShopLink,
  user: { email: string; name: string },
  status: "verified" | "failed",
  cancelledOrders: string[],
  note: string | null = null,
): NoticePayload {
  const greeting = user.name ? `Hello ${user.name},` : "Hello,";
  const reason = note ? [`What we checked: ${note}`] : [];
  if (status === "verified") {
    return {
      to: user.email,
      shopName: shop.shopName,
      subject: `${shop.shopName}: your age is confirmed`,
      title: "Your age is confirmed",
      greeting,
      paragraphs: [
        "Thank you: we have confirmed that you are 18 or over. Your orders will now be dispatched without waiting.",
        ...reason,
        "There is nothing more to do: any photo ID you sent has been deleted, and we will not ask again.",
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
      ...(note ? [`The reason: ${note}`] : []),
      ...(cancelledOrders.length
        ? [
            `We have cancelled ${cancelledOrders.length === 1 ? "your order" : "your orders"} ${cancelledOrders.join(", ")}; nothing will be sent. If you have already paid, we will refund you.`,
          ]
        : []),
      "Any photo ID you sent has been deleted. If you think we made a mistake (for example the photo was unclear), contact us and say so: staff can ask you for a new photo of a valid photo ID.",
    ],
    action: { label: "Contact us", url: `${shop.baseUrl}/contactus` },
  };
}
