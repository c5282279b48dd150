// The tables of the shoppers' rights beyond the order itself: WEEE take-backs and cancellations sent by e-mail.
import type { CancellationChannel, CancellationOutcome, TakeBackStatus } from "./values";

/** A WEEE take-back of old devices bought with an order (docs/decisions/041): kept until keep_until (four years). */
export type TakeBackRequestsTable = {
  id: string;
  order_id: string;
  user_id: string;
  devices: number;
  status: TakeBackStatus;
  requested_at: string;
  received_at: string | null;
  received_by_id: string | null;
  received_by_name: string | null;
  keep_until: string;
};

/** A cancellation the customer sent by e-mail, recorded on the order by staff (docs/decisions/040). */
export type CancellationNoticesTable = {
  id: string;
  order_id: string;
  channel: CancellationChannel;
  received_on: string;
  outcome: CancellationOutcome;
  recorded_at: string;
  recorded_by_id: string | null;
  recorded_by_name: string;
};
