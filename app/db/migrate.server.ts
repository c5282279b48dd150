import { Migrator, type Migration, type MigrationProvider } from "kysely/migration";
import type { Db } from "./database.server";
import * as catalog from "./migrations/2026_11_22_0001_catalog";
import * as blogContact from "./migrations/2026_11_22_0002_blog_contact";
import * as accounts from "./migrations/2026_11_22_0003_accounts";
import * as orders from "./migrations/2026_11_22_0004_orders";
import * as backOffice from "./migrations/2026_11_22_0005_back_office";
import * as verifiedEmails from "./migrations/2026_11_23_0006_verified_emails";
import * as health from "./migrations/2026_11_23_0007_health";
import * as jobs from "./migrations/2026_11_23_0008_jobs";
import * as stock from "./migrations/2026_11_23_0009_stock";
import * as ageChecks from "./migrations/2026_11_23_0010_age_checks";
import * as catalogueSearch from "./migrations/2026_11_24_0010_catalogue_search";
import * as uploadVariants from "./migrations/2026_11_24_0020_upload_variants";
import * as dataRights from "./migrations/2026_11_24_0030_data_rights";
import * as twoFactor from "./migrations/2026_11_24_0040_two_factor";
import * as trust from "./migrations/2026_11_24_0050_trust";
import * as deviceAndFlavourWords from "./migrations/2026_11_25_0010_device_and_flavour_words";
import * as orderMoney from "./migrations/2026_11_26_0110_order_money";
import * as aboutAndReviews from "./migrations/2026_11_26_0120_about_and_reviews";
import * as lawfulCatalogue from "./migrations/2026_11_26_0210_lawful_catalogue";
import * as takeBackAndCancellations from "./migrations/2026_11_26_0310_take_back_and_cancellations";
import * as variants from "./migrations/2026_11_26_0410_variants";
import * as variantStockLookup from "./migrations/2026_11_26_0430_variant_stock_lookup";
import * as ageDocuments from "./migrations/2026_11_26_0510_age_documents";
import * as orderPayments from "./migrations/2026_11_26_0520_order_payments";
import * as ukAddresses from "./migrations/2026_11_26_0610_uk_addresses";
import * as backupRuns from "./migrations/2026_11_26_0620_backup_runs";
import * as deviceFlavoursOrder from "./migrations/2026_11_26_1330_device_flavours_order";
import * as ageNewPhoto from "./migrations/2026_11_29_0410_age_new_photo";
import * as demoAboutCounted from "./migrations/2026_11_29_0501_demo_about_counted";
import * as unpaidOrdersByAddress from "./migrations/2026_11_29_0310_unpaid_orders_by_address";
import * as orderLineDevice from "./migrations/2026_11_29_0320_order_line_device";
import * as refundAmount from "./migrations/2026_11_29_0330_refund_amount";
import * as orderEventActorKind from "./migrations/2026_11_29_0610_order_event_actor_kind";
import * as cardPayments from "./migrations/2026_11_29_1100_card_payments";
import * as variantLiquid from "./migrations/2026_11_29_1300_variant_liquid";
import * as dutyStamps from "./migrations/2026_11_29_1310_duty_stamps";
import * as staffRolesAudit from "./migrations/2026_11_29_1410_staff_roles_audit";
import * as shippingMethodsTable from "./migrations/2026_11_29_1500_shipping_methods";
import * as returnsByLine from "./migrations/2026_11_29_1510_returns_by_line";
import * as messageReplies from "./migrations/2026_11_29_1520_message_replies";

/** Every migration, by name; names sort by date so they run in order. */
const migrations: Record<string, Migration> = {
  "2026_11_22_0001_catalog": catalog,
  "2026_11_22_0002_blog_contact": blogContact,
  "2026_11_22_0003_accounts": accounts,
  "2026_11_22_0004_orders": orders,
  "2026_11_22_0005_back_office": backOffice,
  "2026_11_23_0006_verified_emails": verifiedEmails,
  "2026_11_23_0007_health": health,
  "2026_11_23_0008_jobs": jobs,
  "2026_11_23_0009_stock": stock,
  "2026_11_23_0010_age_checks": ageChecks,
  "2026_11_24_0010_catalogue_search": catalogueSearch,
  "2026_11_24_0020_upload_variants": uploadVariants,
  "2026_11_24_0030_data_rights": dataRights,
  "2026_11_24_0040_two_factor": twoFactor,
  "2026_11_24_0050_trust": trust,
  "2026_11_25_0010_device_and_flavour_words": deviceAndFlavourWords,
  "2026_11_26_0110_order_money": orderMoney,
  "2026_11_26_0120_about_and_reviews": aboutAndReviews,
  "2026_11_26_0210_lawful_catalogue": lawfulCatalogue,
  "2026_11_26_0310_take_back_and_cancellations": takeBackAndCancellations,
  "2026_11_26_0410_variants": variants,
  "2026_11_26_0430_variant_stock_lookup": variantStockLookup,
  "2026_11_26_0510_age_documents": ageDocuments,
  "2026_11_26_0520_order_payments": orderPayments,
  "2026_11_26_0610_uk_addresses": ukAddresses,
  "2026_11_26_0620_backup_runs": backupRuns,
  "2026_11_26_1330_device_flavours_order": deviceFlavoursOrder,
  "2026_11_29_0310_unpaid_orders_by_address": unpaidOrdersByAddress,
  "2026_11_29_0320_order_line_device": orderLineDevice,
  "2026_11_29_0330_refund_amount": refundAmount,
  "2026_11_29_0410_age_new_photo": ageNewPhoto,
  "2026_11_29_0501_demo_about_counted": demoAboutCounted,
  "2026_11_29_0610_order_event_actor_kind": orderEventActorKind,
  "2026_11_29_1100_card_payments": cardPayments,
  "2026_11_29_1300_variant_liquid": variantLiquid,
  "2026_11_29_1310_duty_stamps": dutyStamps,
  "2026_11_29_1410_staff_roles_audit": staffRolesAudit,
  "2026_11_29_1500_shipping_methods": shippingMethodsTable,
  "2026_11_29_1510_returns_by_line": returnsByLine,
  "2026_11_29_1520_message_replies": messageReplies,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Db): Promise<string[]> {
  // Issues are built side by side and their migrations land in any order (0007 may come before 0006).
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

/** Migrates up or down to the named migration (tests of a migration's way there and back). */
export async function migrateTo(db: Db, name: string): Promise<void> {
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error } = await migrator.migrateTo(name);
  if (error) throw error instanceof Error ? error : new Error(String(error));
}

/** Every migration this code has, in the order they run. */
export const migrationNames = (): string[] => Object.keys(migrations).sort();
