/** The duty stamps' jobs (docs/decisions/079): the cut-off of 1 April 2027 and the weekly reminder before it. */
import { z } from "zod";
import { jobType } from "~/modules/jobs/jobs";

/** At 1 April 2027 00:00 London: every unstamped unit is held back from sale. */
export const dutyCutoffJob = jobType("duty-cutoff", z.object({}), () => ({
  recipient: null,
  subject: "Unstamped stock held back from sale",
}));

/** Each week from 1 March 2027 until the cut-off: staff are e-mailed the unstamped units left. */
export const dutyReminderJob = jobType("duty-reminder", z.object({}), () => ({
  recipient: null,
  subject: "Unstamped stock reminder",
}));
