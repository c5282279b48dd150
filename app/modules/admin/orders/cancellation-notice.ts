/** Words for a cancellation the customer sent by e-mail and staff record on the order (docs/decisions/040). */
import { cancellationChannels, type CancellationChannel, type CancellationOutcome } from "~/db/values";

export { cancellationChannels, type CancellationChannel, type CancellationOutcome };

export const cancellationChannelLabels: Record<CancellationChannel, string> = {
  "model-form": "The model cancellation form, by e-mail",
  statement: "Another clear statement, by e-mail",
};

export type CancellationNotice = {
  channel: CancellationChannel;
  receivedOn: string;
  outcome: CancellationOutcome;
  recordedAt: string;
  recordedBy: string;
};

export const cancellationNoticeMessages = {
  channelRequired: "Choose how the cancellation arrived",
  dateRequired: "Enter the day the cancellation arrived",
  dateInFuture: "The day it arrived cannot be in the future",
  dateBeforeOrder: "The day it arrived cannot be before the order was placed",
  tooLate: (lastDay: string) =>
    `It arrived after the 14 days to cancel ended (${lastDay}): refuse it with a reply to the customer instead`,
  alreadyRecorded: "A cancellation is already recorded on this order.",
  alreadyCancelled: "This order is already cancelled.",
  returnExists: "This order already has a return request: decide it below.",
  cancelled: (id: string) => `Order ${id} is cancelled as the customer asked. Its stock is back on the shelf.`,
  returning: (id: string) =>
    `The customer's cancellation of order ${id} is recorded: the order is being returned. Accept the return below once you have checked it.`,
} as const;
