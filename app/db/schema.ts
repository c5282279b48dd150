import type { Generated } from "kysely";
import type { JsonText } from "./json-text";
import type { AddressType, AgeMethod, ItemKind, JobKindName, JobStatus } from "./values";
import type { DutyDisposalKind, RecordedAgeStatus, ReturnStatus, StockReason } from "./values";
import type { ReturnLineKind, ReturnOutcome, ReturnRemedy } from "./values";
import type { AgeDocumentFormat, AgeDocumentType } from "./values";
import type { CancellationNoticesTable, TakeBackRequestsTable } from "./schema-consumer-rights";
export type { CancellationNoticesTable, TakeBackRequestsTable } from "./schema-consumer-rights";
import type { CheckoutStateTable, OrdersTable, OrderLinesTable, OrderEventsTable } from "./schema-orders";
import type { OrderPaymentsTable, PaymentAttemptsTable, PaymentEventsTable, RefundsTable } from "./schema-orders";
export type {
  OrderLinesTable,
  OrdersTable,
  OrderPaymentsTable,
  PaymentAttemptsTable,
  PaymentEventsTable,
  RefundsTable,
} from "./schema-orders";

// Columns that hold one of a fixed set of values are typed with it (./values.ts), and JSON text with what it holds
// (./json-text.ts): rows come out of Kysely ready to use, without casts (docs/decisions/025).

/** Lists are stored as JSON text so both SQLite and PostgreSQL hold them the same way; T is what the text holds. */
export type { JsonText } from "./json-text";
export type { Flag } from "./values";
import type { Flag } from "./values";

import type { AboutPageTable, CatalogItemsTable, DevicesTable, FlavoursTable, ReviewsTable } from "./schema-catalog";
import type { MhraListLoadsTable, MhraNumbersTable, PriceChangesTable, VariantsTable } from "./schema-catalog";
import type { CatalogImportsTable } from "./schema-catalog";
export type { AboutPageTable, CatalogItemsTable, DevicesTable, FlavoursTable, ReviewsTable } from "./schema-catalog";
export type { CatalogImportsTable, VariantsTable } from "./schema-catalog";
import type {
  UserTable,
  StaffInvitationsTable,
  AuditLogTable,
  SessionTable,
  AccountTable,
  VerificationTable,
  TwoFactorTable,
  UsedSecondFactorCodesTable,
  AppSecretsTable,
  OutboxEmailsTable,
} from "./schema-accounts";
export type {
  UserTable,
  StaffInvitationsTable,
  AuditLogTable,
  SessionTable,
  AccountTable,
  VerificationTable,
  TwoFactorTable,
  UsedSecondFactorCodesTable,
  AppSecretsTable,
  OutboxEmailsTable,
} from "./schema-accounts";

export type PostsTable = {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  body_markdown: string;
  cover_image: string;
  author: string;
  published_at: string;
  draft: Flag;
  created_at: string;
  updated_at: string;
};

export type MessagesTable = {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
  handled: Flag;
  created_at: string;
  handled_at: string | null;
  handled_by: string | null;
  user_id: string | null; // sent while signed in
};

/** A reply to a contact message sent from the back office (docs/decisions/085); deleted with its message. */
export type MessageRepliesTable = {
  id: string;
  message_id: string;
  staff_user_id: string | null;
  /** Who replied, as they were named then (the account may go). */
  staff_name: string;
  body: string;
  created_at: string;
};

export type RateLimitHitsTable = {
  key: string;
  window_start: number;
  count: number;
};

/** Better Auth's user table (its own column names). */
export type CartLinesTable = {
  user_id: string;
  kind: ItemKind;
  item_id: string;
  flavour: string;
  nicotine_strength: number;
  puff_count: number | null;
  quantity: number;
  created_at: string;
};
export type GuestMergesTable = { user_id: string; token: string; created_at: string };
export type WishlistItemsTable = { user_id: string; kind: ItemKind; item_id: string; created_at: string };
export type AddressesTable = {
  id: string;
  user_id: string;
  /** The shopper's nickname for it ('Home', 'Work'); may be empty. */
  title: string;
  type: AddressType;
  /** A UK address (migration 2026_11_26_0610): addresses saved before have their free text in line1, the rest "". */
  recipient: string;
  line1: string;
  line2: string;
  town: string;
  postcode: string;
  phone: string;
  is_default: Flag;
  position: number;
  created_at: string;
};
/** A backup `npm run backup` finished (migration 2026_11_26_0620, docs/decisions/048). */
export type BackupRunsTable = { id: string; finished_at: string; file: string; bytes: number; seconds: number };
/** width, height: as shown (after the EXIF orientation); variant_widths: of its AVIF/WebP variants ("320,640,…"). Null until made. */
export type UploadsTable = {
  id: string;
  file_name: string;
  content_type: string;
  bytes: number;
  uploaded_by: string | null;
  created_at: string;
  width: number | null;
  height: number | null;
  variant_widths: string | null;
};

export type StockMovementsTable = {
  id: string;
  kind: ItemKind;
  item_id: string;
  variant_id: string;
  change: number;
  quantity_after: number;
  /** How many of `change`'s units were unstamped (migration 2026_11_29_1310). */
  unstamped_change: Generated<number>;
  reason: StockReason;
  order_id: string | null;
  note: Generated<string>;
  by_user_id: string | null;
  by_name: string;
  created_at: string;
};

export type StockAlertsTable = {
  id: string;
  kind: ItemKind;
  item_id: string;
  variant_id: string;
  email: string;
  user_id: string | null;
  created_at: string;
};

export type AgeVerificationsTable = {
  user_id: string;
  status: RecordedAgeStatus; // no row: unverified
  method: AgeMethod | null;
  reference: string | null;
  note: string | null;
  decided_at: string | null;
  decided_by_id: string | null;
  decided_by_name: string | null;
  requested_at: string;
  updated_at: string;
  /** The kind of photo ID staff decided on (kept after the document itself is deleted), if one was sent. */
  document_type: AgeDocumentType | null;
  /** When the customer was first e-mailed to send a photo ID (once per check). */
  document_requested_at: string | null;
  /** The last time staff asked for a new photo instead of deciding (docs/decisions/071), why, and who asked. */
  new_photo_asked_at: string | null;
  new_photo_reason: string | null;
  new_photo_asked_by_name: string | null;
};

/**
 * A customer's photo ID waiting for staff (docs/decisions/044): at most one per account, the file itself in the
 * private AGE_DOCUMENTS_DIR (never under the public uploads). Deleted with its file on the decision or after 30 days.
 */
export type AgeDocumentsTable = {
  user_id: string;
  document_type: AgeDocumentType;
  file_name: string;
  content_type: AgeDocumentFormat;
  size_bytes: number;
  uploaded_at: string;
};

/** A customer's request to return an order within the 14-day cancellation period (docs/decisions/020). */
export type ReturnRequestsTable = {
  id: string;
  order_id: string;
  user_id: string;
  reason: string;
  status: ReturnStatus;
  staff_note: string | null;
  requested_at: string;
  decided_at: string | null;
  decided_by_id: string | null;
  decided_by_name: string | null;
  /** 1 once the order's shipping charge was refunded with a return (migration 2026_11_29_1510). */
  shipping_refunded: Generated<number>;
};

/** One line of a return request: what is sent back, why, and staff's decision (migration 2026_11_29_1510). */
export type ReturnLinesTable = {
  id: string;
  return_id: string;
  order_id: string;
  position: number;
  quantity: number;
  unit_price_cents: number;
  reason: string;
  kind: ReturnLineKind;
  remedy: ReturnRemedy;
  status: ReturnStatus;
  outcome: ReturnOutcome | null;
  requested_at: string;
  decided_at: string | null;
  decided_by_name: string | null;
};

/** The background work queue (docs/decisions/012). */
export type JobsTable = {
  id: string;
  kind: JobKindName;
  payload: JsonText<unknown>;
  status: JobStatus;
  attempts: number;
  run_at: string;
  give_up_at: string;
  locked_until: string | null;
  locked_by: string | null;
  last_error: string | null;
  recipient: string | null;
  subject: string | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
};

export type ContentVersionsTable = {
  name: string;
  version: number;
};

/** A scratch row per health check: proves the database accepts writes (decision 011). */
export type HealthChecksTable = { name: string; checked_at: string };

export type Database = {
  content_versions: ContentVersionsTable;
  devices: DevicesTable;
  catalog_items: CatalogItemsTable;
  flavours: FlavoursTable;
  variants: VariantsTable;
  catalog_imports: CatalogImportsTable;
  reviews: ReviewsTable;
  price_changes: PriceChangesTable;
  mhra_numbers: MhraNumbersTable;
  mhra_list_loads: MhraListLoadsTable;
  posts: PostsTable;
  messages: MessagesTable;
  message_replies: MessageRepliesTable;
  rate_limit_hits: RateLimitHitsTable;
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  verification: VerificationTable;
  twoFactor: TwoFactorTable;
  used_second_factor_codes: UsedSecondFactorCodesTable;
  app_secrets: AppSecretsTable;
  outbox_emails: OutboxEmailsTable;
  cart_lines: CartLinesTable;
  guest_merges: GuestMergesTable;
  wishlist_items: WishlistItemsTable;
  addresses: AddressesTable;
  backup_runs: BackupRunsTable;
  checkout_state: CheckoutStateTable;
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  order_events: OrderEventsTable;
  order_payments: OrderPaymentsTable;
  payment_attempts: PaymentAttemptsTable;
  payment_events: PaymentEventsTable;
  refunds: RefundsTable;
  uploads: UploadsTable;
  stock_movements: StockMovementsTable;
  stock_alerts: StockAlertsTable;
  health_checks: HealthChecksTable;
  age_verifications: AgeVerificationsTable;
  age_documents: AgeDocumentsTable;
  jobs: JobsTable;
  return_requests: ReturnRequestsTable;
  return_lines: ReturnLinesTable;
  about_page: AboutPageTable;
  take_back_requests: TakeBackRequestsTable;
  cancellation_notices: CancellationNoticesTable;
  goods_in: GoodsInTable;
  goods_in_lines: GoodsInLinesTable;
  duty_disposals: DutyDisposalsTable;
  staff_invitations: StaffInvitationsTable;
  audit_log: AuditLogTable;
  shipping_methods: ShippingMethodsTable;
};

/** A delivery recorded at goods in (migration 2026_11_29_1310, docs/decisions/079). */
export type GoodsInTable = {
  id: string;
  supplier: string;
  /** The supplier's name folded (lower case, single spaces): one invoice reference per supplier. */
  supplier_key: string;
  invoice_reference: string;
  approval_reference: string;
  received_on: string;
  by_user_id: string | null;
  by_name: string;
  created_at: string;
};

export type GoodsInLinesTable = {
  id: string;
  goods_in_id: string;
  variant_id: string;
  sku: string;
  units: number;
  stamped: Flag;
  made_before_duty: Flag;
  sellable_units: number;
  quarantined_units: number;
  liquid_tenths: number | null;
  stamp_code: string | null;
};

/** Quarantined units returned to the supplier or destroyed. */
export type DutyDisposalsTable = {
  id: string;
  variant_id: string;
  sku: string;
  units: number;
  kind: DutyDisposalKind;
  supplier_reference: string;
  stamp_code: string | null;
  by_user_id: string | null;
  by_name: string;
  created_at: string;
};

/** A shipping method set in the back office (migration 2026_11_29_1500, docs/decisions/082). */
export type ShippingMethodsTable = {
  id: string;
  name: string;
  /** Including VAT, in pence. */
  price_cents: number;
  delivery_days: number;
  /** The weekdays it delivers on, 0 Sunday … 6 Saturday, comma-separated ("1,2,3,4,5,6"). */
  weekdays: string;
  /** From this order subtotal (pence) it costs nothing; null: never free. */
  free_over_cents: number | null;
  /** 1: the customer picks the day (from the earliest it can arrive up to 15 days ahead). */
  customer_picks_day: Flag;
  position: number;
  retired_at: string | null;
  created_at: string;
  updated_at: string;
};
