import type { NoticePayload } from "~/modules/mail/notice.jobs";
import type { StockKind } from "./stock";

/** The one e-mail an 'Email me when it's back' request gets. */
export function backInStockMail(
  shop: { shopName: string; baseUrl: string },
  item: { to: string; kind: StockKind; itemId: string; itemName: string },
): NoticePayload {
  const path = item.kind === "device" ? `/productdetail/${item.itemId}` : `/flavour/${item.itemId}`;
  return {
    to: item.to,
    shopName: shop.shopName,
    subject: `${shop.shopName}: ${item.itemName} is back in stock`,
    title: `${item.itemName} is back in stock`,
    greeting: "Hello,",
    paragraphs: [
      `You asked us to tell you when ${item.itemName} was back. It is in stock again now, while it lasts.`,
      "This is the only e-mail we send about it.",
    ],
    action: { label: `See ${item.itemName}`, url: `${shop.baseUrl}${path}` },
  };
}
