/**
 * What other modules ask of card payments inside their own transactions (docs/decisions/078): whether an order has card
 * money held or taken (its cancellation sends it back), and a customer's payments authorised but not taken yet (their
 * age check passing settles them). Apart from card-payments.service.server.ts, which takes orders' transitions, so
 * the orders and the age checks depend on this without a circle.
 */
import type { Db } from "~/db/database.server";
import * as repo from "./card-payments.repository.server";

export const hasCardMoney = (db: Db, orderId: string) => repo.hasCardMoney(db, orderId);
export const authorisedAttemptsOfCustomer = (db: Db, userId: string) => repo.authorisedAttemptsOfCustomer(db, userId);
