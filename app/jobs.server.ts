/**
 * What each kind of background job does, registered at the composition root (docs/decisions/012, 035): the modules
 * declare the kinds they queue (`<name>.jobs.ts`: payload and label) and own their e-mails; this file puts each kind
 * with the code that runs it, so the jobs module knows only its table, the worker and the registry's type. A new kind
 * is one value in ~/db/values, its `jobType` in the module that queues it, and one entry here.
 */
import type { z } from "zod";
import { appUrl, staffEmail } from "~/lib/config.server";
import { auditPurgeJob } from "~/modules/admin/audit/audit-admin.jobs";
import { runAuditPurge } from "~/modules/admin/audit/audit-retention.service.server";
import { dutyCutoffJob, dutyReminderJob } from "~/modules/duty/duty.jobs";
import { runDutyCutoff, runDutyReminder } from "~/modules/duty/duty.service.server";
import { traderDetails } from "~/lib/trader";
import type { Mail } from "~/lib/mailer.server";
import { passwordResetJob } from "~/modules/accounts/accounts.jobs";
import { passwordResetMail } from "~/modules/accounts/password-reset-mail";
import { ageCheckJob, ageDocumentDeleteJob, ageDocumentExpireJob } from "~/modules/age-checks/age-checks.jobs";
import { deleteAgeDocumentFile, expireAgeDocuments } from "~/modules/age-checks/age-documents.service.server";
import { runAgeCheck } from "~/modules/age-checks/age-checks.service.server";
import { checkerFor } from "~/modules/age-checks/checkers.server";
import { contactNoticeJob } from "~/modules/content/contact.jobs";
import { contactNoticeMail } from "~/modules/content/contact-notice-mail";
import { messageReplyJob } from "~/modules/admin/messages/messages-admin.jobs";
import { messageReplyMail } from "~/modules/admin/messages/message-reply-mail";
import type { JobType } from "~/modules/jobs/jobs";
import { runner, type JobDeps, type JobRunners } from "~/modules/jobs/jobs.service.server";
import type { MailShop } from "~/modules/mail/mail-layout";
import { noticeMail } from "~/modules/mail/notice";
import { noticeJob } from "~/modules/mail/notice.jobs";
import { orderConfirmationMail } from "~/modules/orders/order-confirmation-mail";
import { orderStepMail } from "~/modules/orders/order-status-mail";
import { newOrderMail } from "~/modules/orders/new-order-mail";
import { newOrderFacts } from "~/modules/admin/orders/new-order-facts.server";
import {
  cancelledOrderRefundJob,
  newOrderMailJob,
  orderConfirmationJob,
  orderStatusJob,
  unpaidOrderCancelJob,
  unpaidOrderReminderJob,
} from "~/modules/orders/orders.jobs";
import { cancelUnpaidOrder, remindUnpaidOrder } from "~/modules/orders/payments.service.server";
import { backInStockMail } from "~/modules/stock/back-in-stock-mail";
import { backInStockJob } from "~/modules/stock/stock.jobs";
import type { JobKindName } from "~/db/values";
import { PermanentJobError } from "~/modules/jobs/jobs";
import { dispatchAllowed } from "~/modules/age-checks/age-checks.service.server";
import { paymentCheckJob, paymentSettleJob, refundSendJob } from "~/modules/payments/card-payments.jobs";
import {
  checkAttempt,
  refundCancelledOrder,
  sendRefund,
  settleAttempt,
} from "~/modules/payments/card-payments.service.server";
import { cardProviderFor, paymentShop } from "~/modules/payments/providers.server";

/** An e-mail job: the payload names `to` and the shop; `compose` makes subject, text and HTML when it is sent. */
function emailJob<K extends JobKindName, S extends z.ZodType<{ to: string; shopName: string }>>(
  type: JobType<K, S>,
  compose: (payload: z.infer<S>, deps: JobDeps, shop: MailShop) => Promise<Omit<Mail, "to">>,
) {
  return runner(type, async (p, deps) => {
    const shop = { name: p.shopName, email: deps.config.SHOP_EMAIL, address: deps.config.SHOP_ADDRESS };
    await deps.mailer.send({ to: p.to, ...(await compose(p, deps, shop)) });
  });
}

export const jobRunners = {
  /** 'Email me when it's back': composed when sent, with the shop's own name and address. */
  "back-in-stock": runner(backInStockJob, async (p, deps) => {
    const shop = { name: deps.config.SHOP_NAME, email: deps.config.SHOP_EMAIL, address: deps.config.SHOP_ADDRESS };
    const notice = backInStockMail({ shopName: deps.config.SHOP_NAME, baseUrl: appUrl(deps.config) }, p);
    await deps.mailer.send({ to: p.to, ...(await noticeMail(shop, notice)) });
  }),
  /** A new customer's age check by the configured checker (docs/decisions/015); a refer waits for staff. */
  "age-check": runner(ageCheckJob, async (p, deps) => {
    const shop = { shopName: deps.config.SHOP_NAME, baseUrl: appUrl(deps.config) };
    const outcome = await runAgeCheck(deps.db, checkerFor(deps.config), shop, p.userId, new Date(), (problem) =>
      deps.log.warn({ userId: p.userId, problem }, "the age checking service's answer was not used: referred to staff"),
    );
    deps.log.info({ userId: p.userId, outcome }, "age check run");
  }),
  /** A customer's photo ID decided on or replaced: its file is deleted (docs/decisions/044). */
  "age-document-delete": runner(ageDocumentDeleteJob, async (p, deps) => {
    await deleteAgeDocumentFile(deps.db, deps.config.AGE_DOCUMENTS_DIR, p.fileName);
  }),
  /** 30 days after an upload: documents nobody decided on are deleted (docs/decisions/044). */
  "age-document-expire": runner(ageDocumentExpireJob, async (p, deps) => {
    const deleted = await expireAgeDocuments(deps.db, deps.config.AGE_DOCUMENTS_DIR, p);
    if (deleted) deps.log.info({ deleted }, "age documents deleted after 30 days without a decision");
  }),
  /** A short notice (sign-up links, account and age-check news, order news): composed when queued. */
  notice: emailJob(noticeJob, async (p, _deps, shop) => noticeMail(shop, p)),
  "order-confirmation": emailJob(orderConfirmationJob, async (p, deps, shop) =>
    orderConfirmationMail(
      p.order,
      shop,
      p.order.currency,
      `${appUrl(deps.config)}/account/orders/${p.order.id}`,
      // The trader and the right to cancel, on a durable medium (docs/decisions/040).
      { trader: traderDetails(deps.config), baseUrl: appUrl(deps.config) },
    ),
  ),
  "order-status": emailJob(orderStatusJob, async (p, deps, shop) =>
    orderStepMail(shop, `${appUrl(deps.config)}/account/orders/${p.orderId}`, {
      orderId: p.orderId,
      field: p.field,
      to: p.status,
      customerName: p.customerName,
      dispatch: p.dispatch,
      refund: p.refund,
    }),
  ),
  /** The shop told of a new order (SHOP_ORDERS_EMAIL), composed when sent: paid or not, age check pending or not. */
  "new-order-mail": runner(newOrderMailJob, async (p, deps) => {
    const facts = await newOrderFacts(deps.db, p.orderId, appUrl(deps.config));
    if (!facts) return deps.log.info({ orderId: p.orderId }, "new order e-mail not sent: the order is gone");
    const shop = { name: p.shopName, email: deps.config.SHOP_EMAIL, address: deps.config.SHOP_ADDRESS };
    await deps.mailer.send({ to: p.to, ...(await newOrderMail(shop, facts)) });
  }),
  /** An unpaid order two days before its payment is due: the customer is reminded (docs/decisions/045). */
  "unpaid-order-reminder": runner(unpaidOrderReminderJob, async (p, deps) => {
    const outcome = await remindUnpaidOrder(deps.db, p, { baseUrl: appUrl(deps.config) }, deps.now?.());
    deps.log.info({ orderId: p.orderId, outcome }, "unpaid order reminder");
  }),
  /** An order still unpaid when its payment is due: cancelled, its stock back, the customer told. */
  "unpaid-order-cancel": runner(unpaidOrderCancelJob, async (p, deps) => {
    const outcome = await cancelUnpaidOrder(deps.db, p, { baseUrl: appUrl(deps.config) }, deps.now?.());
    deps.log.info({ orderId: p.orderId, outcome }, "unpaid order cancellation");
  }),
  "password-reset": emailJob(passwordResetJob, async (p, _deps, shop) => passwordResetMail(shop, p.name, p.link)),
  /** Staff's reply to a contact message (docs/decisions/085): from the shop, answered to the shop's own address. */
  "message-reply": emailJob(messageReplyJob, async (p, deps, shop) => ({
    ...(await messageReplyMail(shop, p)),
    replyTo: deps.config.SHOP_EMAIL,
  })),
  "contact-notice": emailJob(contactNoticeJob, async (p, _deps, shop) => ({
    ...(await contactNoticeMail(shop, p.message)),
    replyTo: p.message.email,
  })),
  /** Asks the provider about a card payment nobody reported on (a closed tab, a lost webhook): docs/decisions/078. */
  "payment-check": runner(paymentCheckJob, async (p, deps) => {
    const provider = cardProviderFor(deps.config);
    if (!provider) return; // card payments switched off since: nothing to ask
    const state = await checkAttempt(deps.db, provider, paymentShop(deps.config), p.attemptId, p.round, deps.now?.());
    deps.log.info({ attemptId: p.attemptId, round: p.round, state }, "card payment checked");
  }),
  /** Takes an authorised card payment once its customer's age is verified; releases it on a cancelled order. */
  "payment-settle": runner(paymentSettleJob, async (p, deps) => {
    const provider = cardProviderFor(deps.config);
    if (!provider) return;
    const verified = (userId: string) => dispatchAllowed(deps.db, userId);
    const outcome = await settleAttempt(
      deps.db,
      provider,
      paymentShop(deps.config),
      p.attemptId,
      verified,
      deps.now?.(),
    );
    deps.log.info({ attemptId: p.attemptId, outcome }, "card payment settlement");
  }),
  /** Sends a refund to the provider, retried with its own idempotency key until it answers. */
  "refund-send": runner(refundSendJob, async (p, deps) => {
    const provider = cardProviderFor(deps.config);
    if (!provider) throw new PermanentJobError("card payments are switched off: the refund cannot be sent");
    const state = await sendRefund(deps.db, provider, paymentShop(deps.config), p.refundId, deps.now?.());
    deps.log.info({ refundId: p.refundId, state }, "card refund");
  }),
  /** A cancelled order's card money goes back in full (or its authorisation is released). */
  "cancelled-order-refund": runner(cancelledOrderRefundJob, async (p, deps) => {
    const outcome = await refundCancelledOrder(deps.db, { orderId: p.orderId, reason: p.reason, now: deps.now?.() });
    deps.log.info({ orderId: p.orderId, outcome }, "cancelled order's card payment");
  }),
  /** 1 April 2027 00:00 London: unstamped units are held back from sale (docs/decisions/079). */
  "duty-cutoff": runner(dutyCutoffJob, async (_p, deps) => {
    const outcome = await runDutyCutoff(deps.db, deps.now?.());
    deps.log.info({ outcome }, "unstamped stock cut-off");
  }),
  /** Weekly from 1 March 2027: staff told the unstamped units left and the days to sell them. */
  "duty-reminder": runner(dutyReminderJob, async (_p, deps) => {
    const shop = { shopName: deps.config.SHOP_NAME, staffEmail: staffEmail(deps.config), baseUrl: appUrl(deps.config) };
    const outcome = await runDutyReminder(deps.db, shop, deps.now?.());
    deps.log.info({ outcome }, "unstamped stock reminder");
  }),
  /** Daily: the audit log's entries older than AUDIT_RETENTION_YEARS are deleted (docs/decisions/080). */
  "audit-purge": runner(auditPurgeJob, async (_p, deps) => {
    const deleted = await runAuditPurge(deps.db, deps.config.AUDIT_RETENTION_YEARS, deps.now?.());
    // A line only when entries went: a shop's start (the first run is at once) and its quiet days say nothing.
    if (deleted) deps.log.info({ deleted, years: deps.config.AUDIT_RETENTION_YEARS }, "audit log retention");
  }),
} satisfies JobRunners; // every kind the jobs table may hold (~/db/values), each once, under its own name
