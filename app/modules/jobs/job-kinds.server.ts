/**
 * Every kind of background job, in one place: its payload's schema (checked when it is queued and again when it
 * runs), what the back office lists for it, and what running it does. A new kind is one more entry here.
 */
import { z } from "zod";
import type { Db } from "~/db/database.server";
import { itemKinds, type JobKindName } from "~/db/values";
import { appUrl, type Config } from "~/lib/config.server";
import type { Logger } from "~/lib/log.server";
import type { Mail, Mailer } from "~/lib/mailer.server";
import { contactInput } from "~/modules/content/contact";
import { contactNoticeMail, contactNoticeSubject } from "~/modules/mail/contact-notice";
import type { MailShop } from "~/modules/mail/mail-layout";
import { confirmedOrder, orderConfirmationMail, orderConfirmationSubject } from "~/modules/mail/order-confirmation";
import { orderStepMail, orderStepSubject } from "~/modules/mail/order-status";
import { passwordResetMail, passwordResetSubject } from "~/modules/mail/password-reset";
import { noticeMail, noticePayload } from "~/modules/mail/notice";
import { checkerFor } from "~/modules/age-checks/checkers.server";
import { runAgeCheck } from "~/modules/age-checks/age-checks.service.server";
import { backInStockMail } from "~/modules/stock/back-in-stock-mail";
import { ORDER_ID } from "~/modules/orders/orders";

/** What a running job may use. */
export type JobDeps = { db: Db; mailer: Mailer; log: Logger; config: Config };

export type JobKind<S extends z.ZodType> = {
  payload: S;
  /** The recipient and subject the back office's Mail page shows. */
  describe: (payload: z.infer<S>) => { recipient: string | null; subject: string | null };
  run: (payload: z.infer<S>, deps: JobDeps) => Promise<void>;
};

const defineJob = <S extends z.ZodType>(kind: JobKind<S>) => kind;

/** An e-mail job: the payload names `to` and the shop; `compose` makes subject, text and HTML when it is sent. */
function emailJob<S extends z.ZodType<{ to: string; shopName: string }>>(
  payload: S,
  subject: (payload: z.infer<S>) => string,
  compose: (payload: z.infer<S>, deps: JobDeps, shop: MailShop) => Promise<Omit<Mail, "to">>,
) {
  return defineJob({
    payload,
    describe: (p) => ({ recipient: p.to, subject: subject(p) }),
    run: async (p, deps) => {
      const shop = { name: p.shopName, email: deps.config.SHOP_EMAIL, address: deps.config.SHOP_ADDRESS };
      await deps.mailer.send({ to: p.to, ...(await compose(p, deps, shop)) });
    },
  });
}

const to = z.email();
const shopName = z.string().min(1).max(60);
const orderId = z.string().regex(ORDER_ID);

export const jobKinds = {
  /** 'Email me when it's back': composed when sent, with the shop's own name and address. */
  "back-in-stock": defineJob({
    payload: z.object({
      to: z.email(),
      kind: z.enum(itemKinds),
      itemId: z.string().min(1).max(64),
      itemName: z.string().min(1).max(200),
    }),
    describe: (p) => ({ recipient: p.to, subject: `Back in stock: ${p.itemName}` }),
    run: async (p, deps) => {
      const shop = { name: deps.config.SHOP_NAME, email: deps.config.SHOP_EMAIL, address: deps.config.SHOP_ADDRESS };
      const notice = backInStockMail({ shopName: deps.config.SHOP_NAME, baseUrl: appUrl(deps.config) }, p);
      await deps.mailer.send({ to: p.to, ...(await noticeMail(shop, notice)) });
    },
  }),
  /** A new customer's age check by the configured checker (docs/decisions/015); a refer waits for staff. */
  "age-check": defineJob({
    payload: z.object({ userId: z.string().min(1).max(64) }),
    describe: () => ({ recipient: null, subject: "Age check" }),
    run: async (p, deps) => {
      const shop = { shopName: deps.config.SHOP_NAME, baseUrl: appUrl(deps.config) };
      const outcome = await runAgeCheck(deps.db, checkerFor(deps.config.AGE_VERIFICATION), shop, p.userId);
      deps.log.info({ userId: p.userId, outcome }, "age check run");
    },
  }),
  /** A short notice (sign-up links, account and age-check news, back in stock): composed when queued. */
  notice: emailJob(
    noticePayload,
    (p) => p.subject,
    async (p, _deps, shop) => noticeMail(shop, p),
  ),
  "order-confirmation": emailJob(
    z.object({ to, shopName, order: confirmedOrder }),
    (p) => orderConfirmationSubject(p.shopName, p.order.id),
    async (p, deps, shop) =>
      orderConfirmationMail(
        p.order,
        shop,
        deps.config.SHOP_CURRENCY,
        `${appUrl(deps.config)}/account/orders/${p.order.id}`,
      ),
  ),
  "order-status": emailJob(
    z.object({
      to,
      shopName,
      orderId,
      field: z.enum(["status", "paymentStatus"]),
      status: z.string().min(1),
      customerName: z.string().max(200),
      dispatch: z.object({ courier: z.string().max(60), trackingNumber: z.string().max(40) }).optional(),
    }),
    (p) => orderStepSubject(p.shopName, { orderId: p.orderId, field: p.field, to: p.status }),
    async (p, deps, shop) =>
      orderStepMail(shop, `${appUrl(deps.config)}/account/orders/${p.orderId}`, {
        orderId: p.orderId,
        field: p.field,
        to: p.status,
        customerName: p.customerName,
        dispatch: p.dispatch,
      }),
  ),
  "password-reset": emailJob(
    z.object({ to, shopName, name: z.string().max(200), link: z.url() }),
    (p) => passwordResetSubject(p.shopName),
    async (p, _deps, shop) => passwordResetMail(shop, p.name, p.link),
  ),
  "contact-notice": emailJob(
    z.object({ to, shopName, message: contactInput }),
    (p) => contactNoticeSubject(p.shopName, p.message),
    async (p, _deps, shop) => ({ ...(await contactNoticeMail(shop, p.message)), replyTo: p.message.email }),
  ),
} satisfies Record<JobKindName, object>; // every kind the jobs table may hold (~/db/values), each once

export type { JobKindName };
export type JobPayload<K extends JobKindName> = z.input<(typeof jobKinds)[K]["payload"]>;
export const isJobKind = (value: string): value is JobKindName => Object.hasOwn(jobKinds, value);
