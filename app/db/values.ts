/**
 * The fixed sets of values that columns hold, each defined once (docs/decisions/025). The schema types its columns
 * with them, and the modules that own each set re-export it with its labels and rules (orders.ts, stock.ts…), so
 * nothing below the modules has to import from them. Client-safe: plain values, no I/O.
 */

/** Whether `value` is one of `values`: the one type guard for every set below. */
export const isOneOf = <T extends string>(values: readonly T[], value: unknown): value is T =>
  values.some((v) => v === value);

/** What a cart line, wishlist entry, order line, stock movement or stock alert is about. */
export const itemKinds = ["device", "flavour"] as const;
export type ItemKind = (typeof itemKinds)[number];
/** The table each kind of item is kept in. */
export const itemTables = { device: "devices", flavour: "flavours" } as const satisfies Record<ItemKind, string>;

export const orderStatuses = ["pending", "confirmed", "dispatched", "delivered", "cancelled"] as const;
export type OrderStatus = (typeof orderStatuses)[number];
export const paymentStatuses = ["pending", "paid", "refunded"] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];
/** How a payment staff recorded came in (docs/decisions/045). */
export const paymentMethods = ["bank-transfer", "card-link", "cash-on-collection", "card-online"] as const;
export type PaymentMethod = (typeof paymentMethods)[number];
/** What staff may record by hand (a card paid online is recorded by its provider, never typed). */
export const recordedPaymentMethods = ["bank-transfer", "card-link", "cash-on-collection"] as const;
/** Who takes card payments (docs/decisions/078): none (the WhatsApp order, staff record the payment), Worldpay, or
 * the local sandbox that answers as Worldpay does. */
export const paymentProviders = ["manual", "worldpay", "sandbox"] as const;
export type PaymentProvider = (typeof paymentProviders)[number];
/** A card payment attempt's state: forward only (card-payments.ts says which moves are allowed). */
export const attemptStates = [
  "created",
  "pending",
  "authorised",
  "captured",
  "refused",
  "cancelled",
  "abandoned",
  "error",
] as const;
export type AttemptState = (typeof attemptStates)[number];
/** A refund's state: requested (to be sent), sent (the provider took it), confirmed (its event came; a recorded
 * refund is confirmed at once), failed. */
export const refundStates = ["requested", "sent", "confirmed", "failed"] as const;
export type RefundState = (typeof refundStates)[number];
/** The order column an order event records a change of. */
export const orderEventFields = ["status", "payment_status"] as const;
export type OrderEventField = (typeof orderEventFields)[number];
/** Who made an order's change (docs/decisions/073): the customer, a member of staff, the shop itself, a payment provider. */
export const orderActorKinds = ["customer", "staff", "shop", "provider"] as const;
export type OrderActorKind = (typeof orderActorKinds)[number];

export const addressTypes = ["HOME", "OFFICE", "OTHER"] as const;
export type AddressType = (typeof addressTypes)[number];

// The default shipping methods' ids (seeded by migration 2026_11_29_1500); staff add others (docs/decisions/082).
export const shippingMethods = ["free", "express", "schedule"] as const;
export type ShippingMethod = (typeof shippingMethods)[number];

/** Why stock changed: orders and cancellations by themselves, the rest by staff. */
export const stockReasonValues = [
  "order",
  "cancelled",
  "received",
  "damaged",
  "correction",
  "edited",
  "quarantined",
  "disposed",
  "returned",
] as const;
/** What became of quarantined unstamped units (docs/decisions/079). */
export const dutyDisposalKinds = ["returned", "destroyed"] as const;
export type DutyDisposalKind = (typeof dutyDisposalKinds)[number];
export type StockReason = (typeof stockReasonValues)[number];

export const returnStatuses = ["requested", "accepted", "refused"] as const;
export type ReturnStatus = (typeof returnStatuses)[number];
/** A returned line (docs/decisions/083): sent back within the 14 days, or reported faulty (Consumer Rights Act 2015). */
export const returnLineKinds = ["change-of-mind", "faulty"] as const;
export type ReturnLineKind = (typeof returnLineKinds)[number];
export const returnRemedies = ["refund", "repair", "replacement"] as const;
export type ReturnRemedy = (typeof returnRemedies)[number];
/** What became of an accepted line's units: back on the shelf, or written off as faulty. */
export const returnOutcomes = ["restocked", "written-off"] as const;
export type ReturnOutcome = (typeof returnOutcomes)[number];

/** A WEEE take-back of an old device: asked for by the customer, then received by the shop. */
export const takeBackStatuses = ["requested", "received"] as const;
export type TakeBackStatus = (typeof takeBackStatuses)[number];

/** How a cancellation sent by the customer arrived (recorded by staff), and what it did to the order. */
export const cancellationChannels = ["model-form", "statement"] as const;
export type CancellationChannel = (typeof cancellationChannels)[number];
export const cancellationOutcomes = ["cancelled", "return"] as const;
export type CancellationOutcome = (typeof cancellationOutcomes)[number];

/** A customer's age check; "unverified" is having no row at all, so the column holds the other three. */
export const ageStatuses = ["unverified", "pending", "verified", "failed"] as const;
export type AgeStatus = (typeof ageStatuses)[number];
export type RecordedAgeStatus = Exclude<AgeStatus, "unverified">;
export const ageMethods = ["service", "manual"] as const;
export type AgeMethod = (typeof ageMethods)[number];
/** The photo ID a customer may send for their age check (docs/decisions/044). */
export const ageDocumentTypes = ["passport", "driving-licence", "pass-card"] as const;
export type AgeDocumentType = (typeof ageDocumentTypes)[number];
/** What a customer's document is, checked by its first bytes (never by its name or the browser's word). */
export const ageDocumentFormats = ["image/jpeg", "image/png", "application/pdf"] as const;
export type AgeDocumentFormat = (typeof ageDocumentFormats)[number];

export const jobStatuses = ["queued", "running", "done", "failed"] as const;
export type JobStatus = (typeof jobStatuses)[number];
/** Every kind of background job; each is declared by the module that queues it (`<name>.jobs.ts`) and run
 * as app/jobs.server.ts registers it. */
export const jobKindNames = [
  "back-in-stock",
  "age-check",
  "age-document-delete",
  "age-document-expire",
  "notice",
  "order-confirmation",
  "order-status",
  "new-order-mail",
  "password-reset",
  "contact-notice",
  "unpaid-order-reminder",
  "unpaid-order-cancel",
  "payment-check",
  "payment-settle",
  "refund-send",
  "cancelled-order-refund",
  "duty-cutoff",
  "duty-reminder",
  "audit-purge",
  "message-reply",
] as const;
export type JobKindName = (typeof jobKindNames)[number];

export const userRoles = ["customer", "staff"] as const;
export type UserRole = (typeof userRoles)[number];
/** A staff account's roles, combinable (issue 63; what each may do: app/modules/accounts/permissions.ts). */
export const staffRoleNames = ["owner", "manager", "packer", "age-checker"] as const;
export type StaffRole = (typeof staffRoleNames)[number];
/** What became of a back-office request the audit log records: done, or refused (a permission, a rule). */
export const auditOutcomes = ["done", "refused"] as const;
export type AuditOutcome = (typeof auditOutcomes)[number];
/** Who an audit entry's actor is: a member of staff, the shop's command line, or somebody signing in. */
export const auditActorKinds = ["staff", "cli", "visitor"] as const;
export type AuditActorKind = (typeof auditActorKinds)[number];

/** Booleans are 0/1 integers on both databases. */
export type Flag = number;
