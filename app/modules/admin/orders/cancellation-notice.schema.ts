/** The back office's form for a cancellation the customer sent by e-mail, checked on the server. */
import { z } from "zod";
import { cancellationChannels, cancellationNoticeMessages as m } from "./cancellation-notice";

const isRealDay = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T12:00:00Z`).toISOString().startsWith(value);

export const cancellationNoticeInput = z.object({
  channel: z.enum(cancellationChannels, { error: m.channelRequired }),
  receivedOn: z.string().trim().min(1, m.dateRequired).refine(isRealDay, m.dateRequired),
});
