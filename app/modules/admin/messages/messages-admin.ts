/** The contact-form inbox of the back office: what both the page and the server need (client-safe). */
import { z } from "zod";
import { oneOf } from "~/lib/listing";

export const MESSAGE_FILTERS = ["unhandled", "handled", "all"] as const;
export type MessageFilter = (typeof MESSAGE_FILTERS)[number];
export const messageFilterLabels: Record<MessageFilter, string> = {
  unhandled: "Unhandled",
  handled: "Handled",
  all: "All",
};

export const MESSAGE_SORTS = ["received", "name", "email", "subject"] as const;
export type MessageSort = (typeof MESSAGE_SORTS)[number];

export type AdminMessage = {
  id: string;
  receivedAt: string;
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
  handled: boolean;
  handledAt: string | null;
  handledBy: string | null;
  /** mailto: link answering the sender, with "Re: <subject>" (every part URL-encoded). */
  replyHref: string;
};
/** A message as the inbox lists it, with how many replies it has had. */
export type AdminMessageRow = AdminMessage & { replies: number };

export const messageNotices = {
  handled: "Message marked handled.",
  unhandled: "Message marked unhandled.",
  replied: "Reply sent.",
} as const;

/** A reply sent from the back office, as the message's page shows it (docs/decisions/085). */
export type MessageReply = { id: string; staffName: string; body: string; sentAt: string };

export const REPLY_MAX = 5000;

/** The reply form, checked on the server (and by the browser's `maxLength`). */
export const replyInput = z.object({
  body: z
    .string()
    .trim()
    .min(1, "Write your reply")
    .max(REPLY_MAX, `Your reply must be ${REPLY_MAX} characters or fewer`),
});
export type ReplyInput = z.infer<typeof replyInput>;

/** The reply e-mail's subject: "Re: <subject>" from the shop. */
export const replySubject = (shopName: string, subject: string) => `Re: ${subject} (${shopName})`;

/** How much of the original message the reply quotes. */
export const QUOTE_MAX = 500;
export const quoteOf = (message: string) =>
  message.length <= QUOTE_MAX ? message : `${message.slice(0, QUOTE_MAX).trimEnd()}…`;

/** ?status= of the inbox; anything else is the default, the unhandled messages. */
export function messageFilter(url: URL): MessageFilter {
  return oneOf(url.searchParams.get("status"), MESSAGE_FILTERS, "unhandled");
}

/** A reply link: the address stays readable (its @ kept), everything else that could break the URL is encoded. */
export function replyHref(email: string, subject: string): string {
  return `mailto:${encodeURIComponent(email).replace(/%40/g, "@")}?subject=${encodeURIComponent(`Re: ${subject}`)}`;
}
