/** The job accounts queue besides notices: the password-reset e-mail. */
import { z } from "zod";
import { jobType } from "~/modules/jobs/jobs";

export const passwordResetSubject = (shopName: string) => `${shopName}: choose a new password`;

export const passwordResetJob = jobType(
  "password-reset",
  z.object({ to: z.email(), shopName: z.string().min(1).max(60), name: z.string().max(200), link: z.url() }),
  (p) => ({ recipient: p.to, subject: passwordResetSubject(p.shopName) }),
);
