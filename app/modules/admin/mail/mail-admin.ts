/** The back office's Mail page: what both the page and the server need (client-safe). */
import { z } from "zod";
import type { JobStatus } from "~/modules/jobs/jobs";
import { oneOf } from "~/lib/listing";

export const MAIL_FILTERS = ["all", "queued", "done", "failed"] as const;
export type MailFilter = (typeof MAIL_FILTERS)[number];
export const mailFilterLabels: Record<MailFilter, string> = {
  all: "All",
  queued: "Queued",
  done: "Sent",
  failed: "Failed",
};

export const MAIL_SORTS = ["created", "recipient", "attempts"] as const;
export type MailSort = (typeof MAIL_SORTS)[number];

export type AdminMail = {
  id: string;
  kind: string;
  recipient: string | null;
  subject: string | null;
  status: JobStatus;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  /** When it is next tried (queued), or when it was sent or given up. */
  nextAttemptAt: string | null;
  finishedAt: string | null;
};

export const mailNotices = {
  retried: "The e-mail is queued again and will be sent in a moment.",
  notFailed: "Only a failed e-mail can be retried; this one is no longer failed.",
} as const;

/** ?status= of the Mail page; anything else shows every e-mail. */
export function mailFilter(url: URL): MailFilter {
  return oneOf(url.searchParams.get("status"), MAIL_FILTERS, "all");
}

/** The page's one action: retry a failed e-mail now. */
export const retryMailInput = z.object({ intent: z.literal("retry"), id: z.string().regex(/^[a-z0-9]{16}$/) });
