/** The take-back request's form, checked on the server (docs/decisions/041). */
import { z } from "zod";
import { takeBackMessages } from "./take-back";

/** How many old devices come back: a whole number from 1 to the devices the order bought. */
export const takeBackInput = (max: number) =>
  z.object({
    devices: z
      .string()
      .trim()
      .min(1, takeBackMessages.devicesRequired)
      .regex(/^\d{1,3}$/, takeBackMessages.devicesRequired)
      .transform(Number)
      .pipe(z.number().int().min(1, takeBackMessages.devicesRequired).max(max, takeBackMessages.tooMany(max))),
  });
