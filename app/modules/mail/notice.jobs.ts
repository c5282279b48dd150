/** The notice job: a short e-mail composed when it is queued (sign-up links, account, age-check and order news). */
import { z } from "zod";
import { jobType } from "~/modules/jobs/jobs";

export const noticePayload = z.object({
  to: z.email(),
  shopName: z.string().min(1).max(60),
  subject: z.string().min(1).max(200),
  title: z.string().min(1).max(200),
  greeting: z.string().max(200),
  paragraphs: z.array(z.string().max(2000)).max(10),
  action: z
    .object({ label: z.string().min(1).max(80), url: z.url(), after: z.string().max(500).optional() })
    .optional(),
});
export type NoticePayload = z.infer<typeof noticePayload>;

export const noticeJob = jobType("notice", noticePayload, (p) => ({ recipient: p.to, subject: p.subject }));
