import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Db } from "~/db/database.server";
import { describeEachDatabase } from "~/db/testing/test-database";
import type { SessionUser } from "~/modules/accounts/accounts";
import { insertUsers } from "~/modules/admin/orders/testing/orders-fixture";
import { ageDocumentMessages } from "./age-checks";
import { holdForAgeCheck } from "./age-checks.service.server";
import { uploadAgeDocument } from "./age-documents.service.server";
import {
  activePdfs,
  hasGps,
  htmlCalledPdf,
  jpegPolyglot,
  pagelessPdf,
  phonePhoto,
  scannedPdf,
} from "./testing/documents";

// What the shop keeps of a customer's file (issue 65): a photo read whole and kept without its metadata, a PDF whose
// structure holds; anything else is refused under the field and nothing is kept.

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
const photographer = customer("photographer");
const disguiser = customer("disguiser");
const scanner = customer("scanner");

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "age-document-checks-"));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const keptRow = (db: Db, userId: string) =>
  db.selectFrom("age_documents").selectAll().where("user_id", "=", userId).executeTakeFirst();

describeEachDatabase("what is kept of a customer's photo ID", (testDb) => {
  let dir: string;
  const filesIn = async () => (existsSync(dir) ? (await readdir(dir)).sort() : []);
  beforeAll(async () => {
    const { db, kind } = testDb();
    dir = join(root, kind);
    await insertUsers(db, [photographer, disguiser, scanner]);
    for (const c of [photographer, disguiser, scanner]) await holdForAgeCheck(db, c.id, new Date().toISOString());
  });

  it("keeps the photo upright by its orientation and none of its metadata: no GPS, no phone, no EXIF", async () => {
    const { db } = testDb();
    const sent = await phonePhoto({ width: 60, height: 40 });
    // What the phone sent: where it was (GPS), on what, which way up.
    const sentMeta = await sharp(sent).metadata();
    expect(sentMeta).toMatchObject({ width: 60, height: 40, orientation: 6 });
    expect(hasGps(sentMeta.exif)).toBe(true);
    expect(Buffer.from(sent).includes("PhoneMaker")).toBe(true);
    expect(await uploadAgeDocument(db, dir, photographer, { documentType: "passport" }, sent)).toEqual({
      ok: true,
      replaced: false,
    });
    const row = (await keptRow(db, photographer.id))!;
    const kept = await readFile(join(dir, row.file_name));
    const meta = await sharp(kept).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 40, height: 60 }); // upright: turned as the phone said
    expect([meta.exif, meta.orientation, meta.xmp, meta.icc]).toEqual([undefined, undefined, undefined, undefined]);
    expect(kept.includes("PhoneMaker")).toBe(false);
    expect(row).toMatchObject({ content_type: "image/jpeg", size_bytes: kept.byteLength });
  });

  it("refuses a JPEG only by its header (a ZIP, an HTML page and a program behind it); nothing is kept", async () => {
    const { db } = testDb();
    const before = await filesIn();
    const polyglot = await jpegPolyglot();
    expect((await sharp(polyglot).metadata()).width).toBe(400); // its header alone reads as a photo
    expect(await uploadAgeDocument(db, dir, disguiser, { documentType: "passport" }, polyglot)).toMatchObject({
      ok: false,
      fieldErrors: { file: ageDocumentMessages.unreadablePhoto },
    });
    expect(await keptRow(db, disguiser.id)).toBeUndefined();
    expect(await filesIn()).toEqual(before);
  });

  it("refuses an HTML page that starts with %PDF-, a PDF with no page and one with a script; takes a real scan", async () => {
    const { db } = testDb();
    const before = await filesIn();
    const passCard = { documentType: "pass-card" };
    const refusedWith = (message: string) => ({ ok: false, code: "invalid", fieldErrors: { file: message } });
    expect(await uploadAgeDocument(db, dir, scanner, passCard, htmlCalledPdf())).toMatchObject(
      refusedWith(ageDocumentMessages.badPdf),
    );
    expect(await uploadAgeDocument(db, dir, scanner, passCard, pagelessPdf())).toMatchObject(
      refusedWith(ageDocumentMessages.badPdf),
    );
    expect(await uploadAgeDocument(db, dir, scanner, passCard, activePdfs.script())).toMatchObject(
      refusedWith(ageDocumentMessages.activePdf),
    );
    expect(await keptRow(db, scanner.id)).toBeUndefined();
    expect(await filesIn()).toEqual(before);
    const scan = scannedPdf();
    expect(await uploadAgeDocument(db, dir, scanner, passCard, scan)).toEqual({ ok: true, replaced: false });
    const row = (await keptRow(db, scanner.id))!;
    expect(row).toMatchObject({ content_type: "application/pdf", size_bytes: scan.byteLength });
    expect(new Uint8Array(await readFile(join(dir, row.file_name)))).toEqual(scan);
  });
});
