// The tables of an order: the checkout's choices before it, the order as placed, its lines, what changed on it and
// the payment staff recorded.
import type { Generated } from "kysely";
import type { AddressType, ItemKind, OrderEventField, OrderStatus } from "./values";
import type { AttemptState, PaymentMethod, PaymentStatus, RefundState } from "./values";
import type { Flag, OrderActorKind } from "./values";

export type CheckoutStateTable = {
  user_id: string;
  address_id: string | null;
  /** A shipping_methods id (docs/decisions/082). */
  shipping_method: string | null;
  delivery_date: string | null;
  updated_at: string;
};
export type OrdersTable = {
  id: string;
  user_id: string;
  idempotency_key: string;
  status: OrderStatus;
  payment_status: PaymentStatus;
  address_title: string;
  address_type: AddressType | ""; // "" once the customer's data is erased
  /** The address as placed (migration 2026_11_26_0610): orders placed before have their free text in line 1. */
  address_recipient: string;
  address_line1: string;
  address_line2: string;
  address_town: string;
  address_postcode: string;
  address_phone: string;
  /** The shipping method's id, and its name, price and promised day as placed (docs/decisions/082). */
  shipping_method: string;
  shipping_name: Generated<string>;
  delivery_date: string;
  shipping_cents: number;
  subtotal_cents: number;
  tax_cents: number;
  total_cents: number;
  /** 1: the prices included the tax and tax_cents is the VAT they contained; 0: tax was added on top. */
  tax_included: Generated<Flag>;
  /** The currency the order was placed in (SHOP_CURRENCY then), e.g. GBP. */
  currency: Generated<string>;
  /** The tax rate it was placed with, in hundredths of a percent (2000 = 20 %). */
  tax_rate_basis_points: Generated<number>;
  courier: string | null;
  tracking_number: string | null;
  created_at: string;
  updated_at: string;
};
export type OrderLinesTable = {
  order_id: string;
  position: number;
  kind: ItemKind;
  item_id: string;
  name: string;
  image: string | null;
  flavour: string;
  nicotine_strength: number;
  puff_count: number | null;
  /** The variant sold and its SKU then (null on lines placed before variants, migration 2026_11_26_0410). */
  variant_id: string | null;
  sku: string | null;
  /** A flavour line: the device its pod is for, as sold (migration 2026_11_29_0320); null on device lines. */
  device_name: string | null;
  unit_price_cents: number;
  quantity: number;
  line_total_cents: number;
};

export type OrderEventsTable = {
  id: string;
  order_id: string;
  field: OrderEventField;
  from_value: OrderStatus | PaymentStatus;
  to_value: OrderStatus | PaymentStatus;
  by_user_id: string | null;
  by_name: string;
  /** Who made the change (migration 2026_11_29_0610, docs/decisions/073); every row has one since. */
  actor_kind: OrderActorKind | null;
  created_at: string;
};
/** A payment staff recorded on an order (migration 2026_11_26_0520, docs/decisions/045): one per order. */
export type OrderPaymentsTable = {
  order_id: string;
  method: PaymentMethod;
  reference: string;
  amount_cents: number;
  currency: string;
  recorded_at: string;
  recorded_by_id: string | null;
  recorded_by_name: string;
  /** What staff refunded of it, and when (migration 2026_11_29_0330); null until refunded. */
  refunded_cents: number | null;
  refunded_at: string | null;
};

/** A try at paying an order by card on the provider's hosted page (migration 2026_11_29_1100, docs/decisions/078). */
export type PaymentAttemptsTable = {
  id: string;
  order_id: string;
  provider: string;
  /** The transactionReference at the provider: unique. */
  reference: string;
  amount_cents: number;
  currency: string;
  state: AttemptState;
  /** 1 when made against a test environment (the sandbox, Worldpay's try.access): no money moves. */
  test: Flag;
  hosted_url: string | null;
  /** The provider's action links as its last status answer gave them (JSON), for settling and refunding. */
  links: string | null;
  created_at: string;
  updated_at: string;
  /** When the shop last asked the provider about it. */
  checked_at: string | null;
};

/** The ledger of what providers told: one row per provider event, never updated. */
export type PaymentEventsTable = {
  id: string;
  provider: string;
  provider_event_id: string;
  attempt_id: string | null;
  reference: string;
  type: string;
  amount_cents: number | null;
  currency: string | null;
  /** webhook | query | shop */
  source: string;
  /** What the shop did with it: applied, duplicate, ignored (and why). */
  outcome: string;
  received_at: string;
};

/** Money sent back: through the provider (attempt_id) or recorded by staff for a manual payment. */
export type RefundsTable = {
  id: string;
  order_id: string;
  attempt_id: string | null;
  amount_cents: number;
  currency: string;
  state: RefundState;
  /** card-online for the provider's refunds; how staff sent it otherwise (bank-transfer…). */
  method: PaymentMethod;
  /** Ours to the provider (RF-…), or the one staff typed. */
  reference: string;
  idempotency_key: string;
  reason: string;
  requested_by_id: string | null;
  requested_by_name: string;
  error: string | null;
  created_at: string;
  updated_at: string;
};
