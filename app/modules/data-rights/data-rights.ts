/** Shoppers' data rights (UK GDPR): the words of 'Download my data' and 'Delete my account' (client-safe). */
import { z } from "zod";

/** What replaces a deleted customer's name and address on the orders the shop keeps for its records. */
export const DELETED_CUSTOMER = "Deleted customer";
export const ERASED = "Erased";
/** A Google-only account proves it is its owner by a sign-in this recent. */
export const RECENT_SIGN_IN_MINUTES = 10;

export const dataRightsMessages = {
  passwordRequired: "Enter your password to delete your account",
  wrongPassword: "Your password is not right",
  signInAgain: `For your safety, please sign in again and delete your account within ${RECENT_SIGN_IN_MINUTES} minutes of signing in.`,
  notConfirmed: "Tick the box to confirm that you want to delete your account",
  staff: "Staff accounts are removed by the shop's owner, not from this page.",
  openOrders: (ids: string[]) =>
    `${ids.length === 1 ? `Order ${ids[0]} is` : `Orders ${ids.join(", ")} are`} still open. Cancel ${ids.length === 1 ? "it" : "them"} from your orders, or wait until delivery and any return are finished, then delete your account.`,
  deleted:
    "Your account has been deleted. Your personal details are erased; we keep your past orders without them, as the law requires for our accounts.",
} as const;

export const deleteAccountInput = z.object({
  password: z.string().max(128, "Your password is not right"),
  confirm: z.literal("on", { error: dataRightsMessages.notConfirmed }),
});
