/** The contact-form inbox of the back office: what both the page and the server need (client-safe). */
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

export const messageNotices = {
  handled: "Message marked handled.",
  unhandled: "Message marked unhandled.",
} as const;

/** ?status= of the inbox; anything else is the default, the unhandled messages. */
export function messageFilter(url: URL): MessageFilter {
  return oneOf(url.searchParams.get("status"), MESSAGE_FILTERS, "unhandled");
}

/** A reply link: the address stays readable (its @ kept), everything else that could break the URL is encoded. */
export function replyHref(email: string, subject: string): string {
  return `mailto:${encodeURIComponent(email).replace(/%40/g, "@")}?subject=${encodeURIComponent(`Re: ${subject}`)}`;
}
