/** The job an 'Email me when it's back' request queues when the item is back: composed when it is sent. */
import { z } from "zod";
import { itemKinds } from "~/db/values";
import { jobType } from "~/modules/jobs/jobs";

export const backInStockJob = jobType(
  "back-in-stock",
  z.object({
    to: z.email(),
    kind: z.enum(itemKinds),
    itemId: z.string().min(1).max(64),
    itemName: z.string().min(1).max(200),
  }),
  (p) => ({ recipient: p.to, subject: `Back in stock: ${p.itemName}` }),
);
