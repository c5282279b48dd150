/**
 * What the age checks ask of card payments in their own transaction (docs/decisions/078): a customer's payments
 * authorised but not taken yet, which their check passing settles.
 */
import type { Db } from "~/db/database.server";
import * as repo from "./card-payments.repository.server";

export const authorisedAttemptsOfCustomer = (db: Db, userId: string) => repo.authorisedAttemptsOfCustomer(db, userId);
