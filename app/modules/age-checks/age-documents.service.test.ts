import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Db } from "~/db/database.server";
import type { JobKindName } from "~/db/values";
import { describeEachDatabase } from "~/db/testing/test-database";
import type { SessionUser } from "~/modules/accounts/accounts";
import { insertUsers, staff } from "~/modules/admin/orders/testing/orders-fixture";
import { eraseAccount } from "~/modules/data-rights/data-rights.service.server";
import { ageDocumentMessages } from "./age-checks";
import { decideAgeCheck, holdForAgeCheck, runAgeCheck } from "./age-checks.service.server";
import {
  customerAgeCheck,
  deleteAgeDocumentFile,
  expireAgeDocuments,
  staffAgeCheck,
  staffAgeDocument,
  uploadAgeDocument,
} from "./age-documents.service.server";
import { httpChecker, manualChecker } from "./checkers.server";
import { picture, scannedPdf } from "./testing/documents";

const shop = { shopName: "Vapour Lane", baseUrl: "http://shop.test" };
const DAY = 24 * 60 * 60 * 1000;

const customer = (id: string): SessionUser => ({
  id,
  name: `${id} Person`,
  email: `${id}@example.com`,
  firstName: id,
  lastName: "Person",
  dateOfBirth: "1990-01-01",
  role: "customer",
  authProvider: "email",
});
const [uploader, refused, late, stranger, leaver, offline] = [
  "uploader",
  "refused",
  "late",
  "stranger",
  "leaver",
  "offline",
].map(customer) as [SessionUser, SessionUser, SessionUser, SessionUser, SessionUser, SessionUser];

const PDF = scannedPdf();

const jobsOf = (db: Db, kind: JobKindName) =>
  db.selectFrom("jobs").selectAll().where("kind", "=", kind).orderBy("created_at").execute();
const documentRow = (db: Db, userId: string) =>
  db.selectFrom("age_documents").selectAll().where("user_id", "=", userId).executeTakeFirst();

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "age-documents-"));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describeEachDatabase("a customer's photo ID for the age check", (testDb) => {
  // Each database its own private directory (beside, never inside, a public uploads directory).
  let dir: string;
  const filesIn = async () => (existsSync(dir) ? (await readdir(dir)).sort() : []);
  beforeAll(async () => {
    const { db, kind } = testDb();
    dir = join(root, kind, "age-documents");
    await insertUsers(db, [uploader, refused, late, stranger, leaver, offline, staff]);
    await db.updateTable("user").set({ dateOfBirth: "1990-01-01" }).where("role", "=", "customer").execute();
    for (const c of [uploader, refused, late, leaver, offline])
      await holdForAgeCheck(db, c.id, new Date().toISOString());
  });

  it("asks the customer for a photo ID once when the checker refers to staff, and says what and why", async () => {
    const { db } = testDb();
    expect(await runAgeCheck(db, manualChecker, shop, uploader.id)).toBe("referred");
    expect(await runAgeCheck(db, manualChecker, shop, uploader.id)).toBe("referred"); // a retried job: no second mail
    const asked = (await jobsOf(db, "notice")).filter((j) => j.recipient === uploader.email);
    expect(asked.map((j) => j.subject)).toEqual(["Vapour Lane: please send a photo of your ID"]);
    const mail = JSON.parse(asked[0]!.payload);
    expect(mail.action).toEqual({ label: "Send your photo ID", url: "http://shop.test/account/age-check" });
    expect(mail.paragraphs.join(" ")).toContain("Only the shop's staff see it");
  });

  it("a checking service that is down refers the check: the customer is asked for a photo ID, nothing is lost", async () => {
    const { db } = testDb();
    const problems: string[] = [];
    const down = httpChecker({ url: "http://127.0.0.1:9/checks", timeoutMs: 500 });
    expect(await runAgeCheck(db, down, shop, offline.id, new Date(), (p) => problems.push(p))).toBe("referred");
    expect(problems).toEqual(["the service could not be reached"]);
    expect(await customerAgeCheck(db, offline.id)).toMatchObject({ status: "pending", mayUpload: true });
    const asked = (await jobsOf(db, "notice")).filter((j) => j.recipient === offline.email);
    expect(asked.map((j) => j.subject)).toEqual(["Vapour Lane: please send a photo of your ID"]);
  });

  it("keeps the document in the private directory, for staff only, and a new one replaces the waiting one", async () => {
    const { db } = testDb();
    const png = await picture("png");
    const sent = await uploadAgeDocument(db, dir, uploader, { documentType: "passport" }, png);
    expect(sent).toEqual({ ok: true, replaced: false });
    const row = await documentRow(db, uploader.id);
    expect(row).toMatchObject({ document_type: "passport", content_type: "image/png" });
    expect(await filesIn()).toEqual([row!.file_name]);
    // What is kept is the shop's reading of the photo (re-encoded, no metadata): the same picture.
    const kept = await readFile(join(dir, row!.file_name));
    expect(row!.size_bytes).toBe(kept.byteLength);
    expect(await sharp(kept).metadata()).toMatchObject({ format: "png", width: 40, height: 30 });
    expect(await customerAgeCheck(db, uploader.id)).toMatchObject({
      status: "pending",
      mayUpload: true,
      document: { type: "passport" },
    });
    // Staff read it; a customer cannot (not even their own, through the staff door).
    expect((await staffAgeDocument(db, dir, staff, uploader.id))?.bytes).toEqual(kept);
    await expect(staffAgeDocument(db, dir, uploader, uploader.id)).rejects.toThrow();
    expect(await staffAgeCheck(db, staff, uploader.id)).toMatchObject({
      email: uploader.email,
      dateOfBirth: "1990-01-01",
      document: { type: "passport", contentType: "image/png" },
    });
    // Its deletion after 30 days is queued with it.
    const expiry = (await jobsOf(db, "age-document-expire")).find((j) => j.payload.includes(row!.file_name))!;
    expect(Date.parse(expiry.run_at) - Date.parse(row!.uploaded_at)).toBe(30 * DAY);

    const jpeg = await picture("jpeg");
    expect(await uploadAgeDocument(db, dir, uploader, { documentType: "driving-licence" }, jpeg)).toEqual({
      ok: true,
      replaced: true,
    });
    const replacement = await documentRow(db, uploader.id);
    expect(replacement).toMatchObject({ document_type: "driving-licence", content_type: "image/jpeg" });
    const deletion = (await jobsOf(db, "age-document-delete")).map((j) => JSON.parse(j.payload).fileName);
    expect(deletion).toContain(row!.file_name);
    expect(await deleteAgeDocumentFile(db, dir, row!.file_name)).toBe(true);
    expect(await filesIn()).toEqual([replacement!.file_name]);
    // The job for the file still in use deletes nothing.
    expect(await deleteAgeDocumentFile(db, dir, replacement!.file_name)).toBe(false);
    expect(await filesIn()).toEqual([replacement!.file_name]);
  });

  it("refuses what is not a photo or PDF by its content, over 10 MB, without a check, or for no customer; nothing changes", async () => {
    const { db } = testDb();
    const before = await filesIn();
    const png = await picture("png");
    const fileError = (message: string) => ({ ok: false, fieldErrors: { file: message } });
    const passport = { documentType: "passport" };
    // A text file, and a file that only starts like a PNG: refused by content, whatever its name or type said.
    expect(await uploadAgeDocument(db, dir, refused, passport, new Uint8Array(Buffer.from("just text")))).toMatchObject(
      fileError(ageDocumentMessages.notDocument),
    );
    const fakePng = new Uint8Array([...png.slice(0, 16), ...new Uint8Array(200).fill(7)]);
    expect(await uploadAgeDocument(db, dir, refused, passport, fakePng)).toMatchObject(
      fileError(ageDocumentMessages.unreadablePhoto),
    );
    const huge = new Uint8Array(10 * 1024 * 1024 + 1);
    huge.set(PDF);
    expect(await uploadAgeDocument(db, dir, refused, passport, huge)).toMatchObject(
      fileError(ageDocumentMessages.tooBig),
    );
    expect(await uploadAgeDocument(db, dir, refused, passport, null)).toMatchObject(
      fileError(ageDocumentMessages.noFile),
    );
    expect(await uploadAgeDocument(db, dir, refused, { documentType: "library-card" }, png)).toMatchObject({
      ok: false,
      fieldErrors: { documentType: "Choose which document you are sending" },
    });
    // Not signed in, staff, and an account with no check open (the session's own account is the only one).
    expect(await uploadAgeDocument(db, dir, null, passport, png)).toMatchObject({ ok: false, code: "sign-in" });
    expect(await uploadAgeDocument(db, dir, staff, passport, png)).toMatchObject({ ok: false, code: "not-allowed" });
    expect(await uploadAgeDocument(db, dir, stranger, passport, png)).toMatchObject(
      fileError(ageDocumentMessages.noCheck),
    );
    expect(await documentRow(db, refused.id)).toBeUndefined();
    expect(await documentRow(db, stranger.id)).toBeUndefined();
    expect(await filesIn()).toEqual(before);
    // A PDF is taken (its structure read: ./age-document-checks.service.test.ts).
    expect(await uploadAgeDocument(db, dir, refused, { documentType: "pass-card" }, PDF)).toMatchObject({ ok: true });
    expect(await documentRow(db, refused.id)).toMatchObject({ content_type: "application/pdf" });
  });

  it("deletes the document and its row on the decision, keeps the kind of document, and refuses uploads after", async () => {
    const { db } = testDb();
    const row = (await documentRow(db, uploader.id))!;
    const decided = await decideAgeCheck(db, staff, shop, uploader.id, {
      decision: "verify",
      note: "Driving licence matches name and date of birth",
    });
    expect(decided).toMatchObject({ ok: true, status: "verified" });
    expect(await documentRow(db, uploader.id)).toBeUndefined();
    expect(await staffAgeDocument(db, dir, staff, uploader.id)).toBeNull();
    const kept = await db
      .selectFrom("age_verifications")
      .selectAll()
      .where("user_id", "=", uploader.id)
      .executeTakeFirstOrThrow();
    expect(kept).toMatchObject({ status: "verified", document_type: "driving-licence", decided_by_name: staff.name });
    // The file goes by the job queued in the decision's transaction.
    const deletion = (await jobsOf(db, "age-document-delete")).map((j) => JSON.parse(j.payload).fileName);
    expect(deletion).toContain(row.file_name);
    expect(existsSync(join(dir, row.file_name))).toBe(true);
    expect(await deleteAgeDocumentFile(db, dir, row.file_name)).toBe(true);
    expect(existsSync(join(dir, row.file_name))).toBe(false);
    // The customer hears the result with the note.
    const mails = (await jobsOf(db, "notice")).filter((j) => j.recipient === uploader.email);
    const result = JSON.parse(mails.at(-1)!.payload);
    expect(result.subject).toBe("Vapour Lane: your age is confirmed");
    expect(result.paragraphs.join(" ")).toContain("What we checked: Driving licence matches name and date of birth");
    // Decided: nothing more may be sent (a failed check too).
    expect(
      await uploadAgeDocument(db, dir, uploader, { documentType: "passport" }, await picture("png")),
    ).toMatchObject({ ok: false, code: "changed", fieldErrors: { file: ageDocumentMessages.decided } });
    expect(
      await decideAgeCheck(db, staff, shop, refused.id, { decision: "fail", note: "The photo shows a child" }),
    ).toMatchObject({ ok: true, status: "failed" });
    const failedMail = JSON.parse(
      (await jobsOf(db, "notice")).filter((j) => j.recipient === refused.email).at(-1)!.payload,
    );
    expect(failedMail.paragraphs.join(" ")).toContain("The reason: The photo shows a child");
    expect(await uploadAgeDocument(db, dir, refused, { documentType: "pass-card" }, PDF)).toMatchObject({
      ok: false,
      fieldErrors: { file: ageDocumentMessages.decided },
    });
  });

  it("deletes a document left 30 days without a decision (the check stays open for a new one)", async () => {
    const { db } = testDb();
    const sentAt = new Date("2026-10-01T10:00:00.000Z");
    expect(await uploadAgeDocument(db, dir, late, { documentType: "passport" }, await picture("jpeg"), sentAt)).toEqual(
      { ok: true, replaced: false },
    );
    const row = (await documentRow(db, late.id))!;
    const job = { userId: late.id, fileName: row.file_name };
    expect(await expireAgeDocuments(db, dir, job, new Date(sentAt.getTime() + 29 * DAY))).toBe(0);
    expect(existsSync(join(dir, row.file_name))).toBe(true);
    expect(await expireAgeDocuments(db, dir, job, new Date(sentAt.getTime() + 30 * DAY))).toBe(1);
    expect(await documentRow(db, late.id)).toBeUndefined();
    expect(existsSync(join(dir, row.file_name))).toBe(false);
    expect(await customerAgeCheck(db, late.id)).toMatchObject({ status: "pending", document: null, mayUpload: true });
    // Run again (a second job): nothing left to do.
    expect(await expireAgeDocuments(db, dir, job, new Date(sentAt.getTime() + 31 * DAY))).toBe(0);
  });

  it("deletes a waiting document when the customer erases their account", async () => {
    const { db } = testDb();
    expect(await uploadAgeDocument(db, dir, leaver, { documentType: "passport" }, PDF)).toMatchObject({ ok: true });
    const row = (await documentRow(db, leaver.id))!;
    await db.transaction().execute((trx) => eraseAccount(trx, leaver.id, leaver.email, new Date()));
    expect(await documentRow(db, leaver.id)).toBeUndefined();
    const deletion = (await jobsOf(db, "age-document-delete")).map((j) => JSON.parse(j.payload).fileName);
    expect(deletion).toContain(row.file_name);
    expect(await deleteAgeDocumentFile(db, dir, row.file_name)).toBe(true);
    expect(existsSync(join(dir, row.file_name))).toBe(false);
  });
});
