/** The job a new customer's first order queues: their age check by the configured checker (docs/decisions/015). */
import { z } from "zod";
import { jobType } from "~/modules/jobs/jobs";

export const ageCheckJob = jobType("age-check", z.object({ userId: z.string().min(1).max(64) }), () => ({
  recipient: null,
  subject: "Age check",
}));
