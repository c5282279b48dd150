import { z } from "zod";

/** A review staff add (a customer's words, as they gave them): checked again on the server. */
export const reviewSchema = z.object({
  quote: z
    .string()
    .trim()
    .min(10, "Please enter the review (at least 10 characters)")
    .max(500, "Please keep the review to 500 characters"),
  name: z.string().trim().min(1, "Please enter who wrote it").max(60, "Please keep the name to 60 characters"),
  company: z.string().trim().max(80, "Please keep this to 80 characters"),
  published: z.boolean(),
});
export type ReviewInput = z.infer<typeof reviewSchema>;
