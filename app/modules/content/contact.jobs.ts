/** The job a contact-form message queues: the staff's notice of it. */
import { z } from "zod";
import { jobType } from "~/modules/jobs/jobs";
import { contactInput, type ContactInput } from "./contact";

export const senderName = (input: ContactInput) => `${input.firstName} ${input.lastName}`.trim();

export const contactNoticeSubject = (shopName: string, input: ContactInput) =>
  `[${shopName}] ${input.subject} from ${senderName(input)}`;

export const contactNoticeJob = jobType(
  "contact-notice",
  z.object({ to: z.email(), shopName: z.string().min(1).max(60), message: contactInput }),
  (p) => ({ recipient: p.to, subject: contactNoticeSubject(p.shopName, p.message) }),
);
