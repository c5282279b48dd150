import Database from "better-sqlite3";
import { E2E_DIR } from "./ports";

/** Where the e2e server keeps customers' photo IDs (its AGE_DOCUMENTS_DIR), shared by the journeys running at once. */
export const AGE_DOCUMENTS_DIR = `${E2E_DIR}/age-documents`;

/**
 * The file of the photo ID waiting for the customer with this e-mail, read in the e2e server's database (so a journey
 * follows its own file, whatever other journeys keep in the directory meanwhile); null when none is waiting.
 */
export function waitingAgeDocument(email: string): string | null {
  const db = new Database(`${E2E_DIR}/shop.db`, { readonly: true });
  try {
    db.pragma("busy_timeout = 5000");
    const row = db
      .prepare(`select d.file_name from age_documents d join "user" u on u.id = d.user_id where u.email = ?`)
      .get(email) as { file_name: string } | undefined;
    return row?.file_name ?? null;
  } finally {
    db.close();
  }
}
