import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Db } from "~/db/database.server";
import { describeEachDatabase } from "~/db/testing/test-database";
import type { SessionUser } from "~/modules/accounts/accounts";
import { insertOrder, insertUsers, staff } from "~/modules/admin/orders/testing/orders-fixture";
import { ageDecisionNotice, ageMessages } from "./age-checks";
import { listAgeChecks } from "./age-check-list.service.server";
import { decideAgeCheck, dispatchAllowed, holdForAgeCheck } from "./age-checks.service.server";
import { customerAgeCheck, staffAgeCheck, uploadAgeDocument } from "./age-documents.service.server";
import { picture } from "./testing/documents";

// Issue 65: a photo staff cannot use (blurry) need not fail the check. Staff ask for a new photo, with the reason
// e-mailed; the unusable one is deleted, the orders wait as while pending, and the customer sends another.

const shop = { shopName: "Vapour Lane", baseUrl: "http://shop.test" };
const customer = (first: string, last: string): SessionUser => ({
  id: first.toLowerCase(),
  name: `${first} ${last}`,
  email: `${first.toLowerCase()}@example.com`,
  firstName: first,
  lastName: last,
  dateOfBirth: "1990-01-01",
  role: "customer",
  authProvider: "email",
});
const amelia = customer("Amelia", "Hughes");
const reopened = customer("Rowan", "Price");
const settled = customer("Sasha", "Vale");
const newcomer = customer("Noel", "Ashby");
const blurry = "The photo is too blurry to read the date of birth";

const mailsTo = async (db: Db, email: string) =>
  (await db.selectFrom("jobs").selectAll().where("kind", "=", "notice").where("recipient", "=", email).execute()).map(
    (j) => JSON.parse(j.payload) as { subject: string; paragraphs: string[]; action: { url: string } },
  );
const deletionsQueued = async (db: Db) =>
  (await db.selectFrom("jobs").select("payload").where("kind", "=", "age-document-delete").execute()).map(
    (j) => (JSON.parse(j.payload) as { fileName: string }).fileName,
  );
const documentOf = (db: Db, userId: string) =>
  db.selectFrom("age_documents").selectAll().where("user_id", "=", userId).executeTakeFirst();

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "age-new-photo-"));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describeEachDatabase("asking a customer for a new photo of their ID", (testDb) => {
  let dir: string;
  beforeAll(async () => {
    const { db, kind } = testDb();
    dir = join(root, kind);
    await insertUsers(db, [amelia, reopened, settled, newcomer, staff]);
    for (const c of [amelia, reopened, settled, newcomer])
      await db.updateTable("user").set({ lastName: c.lastName }).where("id", "=", c.id).execute();
    for (const c of [amelia, reopened, settled]) await holdForAgeCheck(db, c.id, new Date().toISOString());
  });

  it("deletes the unusable photo, e-mails the reason, keeps the orders waiting, and takes another", async () => {
    const { db } = testDb();
    const orderId = await insertOrder(db, { userId: amelia.id, status: "confirmed" });
    await uploadAgeDocument(db, dir, amelia, { documentType: "passport" }, await picture("jpeg"));
    const unusable = (await documentOf(db, amelia.id))!;

    const asked = await decideAgeCheck(db, staff, shop, amelia.id, { decision: "new-photo", note: blurry });
    expect(asked).toMatchObject({ ok: true, outcome: "new-photo", status: "pending", fullName: "Amelia Hughes" });
    expect(asked.ok && ageDecisionNotice(asked.fullName, asked.outcome)).toBe(
      "Amelia Hughes was asked for a new photo, with your note, by e-mail. The photo they sent has been deleted; their orders wait for the new one.",
    );
    // The photo goes (its row now, its file by the job queued with it); the order waits, not cancelled.
    expect(await documentOf(db, amelia.id)).toBeUndefined();
    expect(await deletionsQueued(db)).toContain(unusable.file_name);
    expect(await db.selectFrom("orders").select("status").where("id", "=", orderId).executeTakeFirst()).toEqual({
      status: "confirmed",
    });
    expect(await dispatchAllowed(db, amelia.id)).toBe(false);
    // The customer is told why, and where to send another.
    const mail = (await mailsTo(db, amelia.email)).at(-1)!;
    expect(mail.subject).toBe("Vapour Lane: please send a new photo of your ID");
    expect(mail.paragraphs).toContain(`The reason: ${blurry}`);
    expect(mail.action.url).toBe("http://shop.test/account/age-check");
    expect(await customerAgeCheck(db, amelia.id)).toMatchObject({
      status: "pending",
      mayUpload: true,
      document: null,
      newPhoto: { reason: blurry },
    });
    // Staff see that a new photo was asked for, by whom and why.
    const listed = (await listAgeChecks(db, staff, null)).items.find((i) => i.userId === amelia.id);
    expect(listed).toMatchObject({ status: "pending", waitingDocument: null, newPhoto: { reason: blurry } });
    expect(listed?.newPhoto?.askedBy).toBe(staff.name);

    // The new photo is taken, and then decided as any other.
    expect(await uploadAgeDocument(db, dir, amelia, { documentType: "passport" }, await picture("png"))).toEqual({
      ok: true,
      replaced: false,
    });
    expect(await customerAgeCheck(db, amelia.id)).toMatchObject({ document: { type: "passport" }, newPhoto: null });
    expect(await staffAgeCheck(db, staff, amelia.id)).toMatchObject({
      document: { contentType: "image/png" },
      newPhoto: { reason: blurry, askedBy: staff.name },
    });
    const verified = await decideAgeCheck(db, staff, shop, amelia.id, { decision: "verify", note: "Passport clear" });
    expect(verified).toMatchObject({ ok: true, outcome: "verified", status: "verified" });
    expect(verified.ok && ageDecisionNotice(verified.fullName, verified.outcome)).toBe(
      "Amelia Hughes's age is verified. Any photo ID they sent has been deleted.",
    );
    expect(await dispatchAllowed(db, amelia.id)).toBe(true);
  });

  it("reopens a failed check (orders taken again, a photo accepted); a verified one is final", async () => {
    const { db } = testDb();
    const failed = await decideAgeCheck(db, staff, shop, reopened.id, { decision: "fail", note: "Photo unreadable" });
    expect(failed.ok && ageDecisionNotice(failed.fullName, failed.outcome, failed.cancelledOrders)).toBe(
      "Rowan Price's age check failed. Any photo ID they sent has been deleted.",
    );
    expect((await holdForAgeCheck(db, reopened.id, new Date().toISOString())).refused).toBe(ageMessages.failed);
    expect(
      await decideAgeCheck(db, staff, shop, reopened.id, { decision: "new-photo", note: "Customer called: unclear" }),
    ).toMatchObject({ ok: true, status: "pending" });
    expect(await customerAgeCheck(db, reopened.id)).toMatchObject({ status: "pending", mayUpload: true, note: null });
    expect(await holdForAgeCheck(db, reopened.id, new Date().toISOString())).toEqual({
      refused: null,
      opened: false,
      verified: false,
    });
    expect(
      await uploadAgeDocument(db, dir, reopened, { documentType: "pass-card" }, await picture("jpeg")),
    ).toMatchObject({ ok: true });

    await decideAgeCheck(db, staff, shop, settled.id, { decision: "verify", note: "Passport seen" });
    expect(
      await decideAgeCheck(db, staff, shop, settled.id, { decision: "new-photo", note: "Second thoughts" }),
    ).toMatchObject({ ok: false, code: "changed", message: ageMessages.alreadyDecided });
    expect((await customerAgeCheck(db, settled.id)).status).toBe("verified");
  });

  it("needs a reason, is for staff only, and opens a check for a customer who had none", async () => {
    const { db } = testDb();
    expect(await decideAgeCheck(db, staff, shop, newcomer.id, { decision: "new-photo", note: "" })).toMatchObject({
      ok: false,
      code: "invalid",
      fieldErrors: { note: "Write a short note: what you checked" },
    });
    expect(await decideAgeCheck(db, staff, shop, newcomer.id, { decision: "retake", note: blurry })).toMatchObject({
      ok: false,
      fieldErrors: { decision: "Choose Verify, Fail or Ask for a new photo" },
    });
    await expect(
      decideAgeCheck(db, newcomer, shop, newcomer.id, { decision: "new-photo", note: blurry }),
    ).rejects.toThrow();
    expect((await customerAgeCheck(db, newcomer.id)).status).toBe("unverified");
    expect(
      await decideAgeCheck(db, staff, shop, newcomer.id, { decision: "new-photo", note: "Please send your ID" }),
    ).toMatchObject({ ok: true, status: "pending" });
    expect(await customerAgeCheck(db, newcomer.id)).toMatchObject({ status: "pending", mayUpload: true });
  });
});
