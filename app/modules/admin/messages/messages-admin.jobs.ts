/** The job a reply to a contact message queues: the e-mail to the message's sender (docs/decisions/085). */
import { z } from "zod";
import { jobType } from "~/modules/jobs/jobs";
import { REPLY_MAX, replySubject } from "./messages-admin";

export const messageReplyJob = jobType(
  "message-reply",
  z.object({
    to: z.email(),
    shopName: z.string().min(1).max(60),
    /** The sender's first name, to greet them. */
    name: z.string().max(200),
    subject: z.string().max(200),
    body: z.string().min(1).max(REPLY_MAX),
    /** The start of the message answered, quoted under the reply. */
    quote: z.string().max(1000),
    sentAt: z.string(),
  }),
  (p) => ({ recipient: p.to, subject: replySubject(p.shopName, p.subject) }),
);
