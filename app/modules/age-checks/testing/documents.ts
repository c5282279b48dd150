/** Files a customer might send as their photo ID, made here (no binary fixtures): real photos, disguised files, PDFs. */
import { deflateSync } from "node:zlib";
import sharp from "sharp";

/** A real picture, as a phone would send (decoded by the shop, so magic bytes alone would not pass). */
export async function picture(format: "png" | "jpeg", size = { width: 40, height: 30 }) {
  const image = sharp({ create: { ...size, channels: 3, background: { r: 200, g: 120, b: 40 } } });
  return new Uint8Array(await (format === "png" ? image.png() : image.jpeg()).toBuffer());
}

/** A phone photo taken on its side (EXIF orientation 6) and telling where it was taken (GPS) and on what phone. */
export async function phonePhoto(size = { width: 60, height: 40 }) {
  const bytes = await sharp({ create: { ...size, channels: 3, background: { r: 30, g: 90, b: 160 } } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: "PhoneMaker", Model: "Phone 15" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "0/1 7/1 0/1" },
    })
    .toBuffer();
  return new Uint8Array(bytes);
}

/** Whether EXIF (as sharp reads it) points to a GPS directory: tag 0x8825, little- or big-endian. */
export const hasGps = (exif: Buffer | undefined) =>
  Boolean(exif && (exif.includes(Buffer.from([0x25, 0x88])) || exif.includes(Buffer.from([0x88, 0x25]))));

/**
 * The attack of issue 65: a JPEG's first 300 bytes (its header: size, tables, the start of the picture), then a ZIP,
 * an HTML page and program bytes. Its header reads as a 400 x 300 JPEG; the picture itself does not decode.
 */
export async function jpegPolyglot() {
  const jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#c87828" } })
    .jpeg({ mozjpeg: true })
    .toBuffer();
  const zip = Buffer.from(`PK\x03\x04${"payload ".repeat(40)}PK\x05\x06${"\0".repeat(18)}`, "latin1");
  const html = Buffer.from("<!doctype html><html><body><script>fetch('/admin')</script></body></html>");
  const program = Buffer.from([0x7f, 0x45, 0x4c, 0x46, ...new Array<number>(300).fill(0x90)]);
  return new Uint8Array(Buffer.concat([jpeg.subarray(0, 300), zip, html, program]));
}

/**
 * A PDF written by hand, as small as a valid one can be: its objects (`1 0 obj` is the catalogue), the xref table
 * with each object's offset, the trailer, `startxref` and `%%EOF`. `broken` spoils one part for the refusal tests.
 */
export function pdf(objects: string[], broken?: "xref-offset" | "no-eof" | "no-startxref", trailer = "") {
  let out = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xrefAt = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R${trailer} >>\n`;
  if (broken !== "no-startxref") out += `startxref\n${broken === "xref-offset" ? xrefAt + 5 : xrefAt}\n`;
  if (broken !== "no-eof") out += "%%EOF\n";
  return new Uint8Array(Buffer.from(out, "latin1"));
}

const catalogue = (extra = "") => `<< /Type /Catalog /Pages 2 0 R${extra} >>`;
const pages = "<< /Type /Pages /Kids [3 0 R] /Count 1 >>";
const page = (extra = "") => `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842]${extra} >>`;

/** A one-page scan, as a scanner app would send. */
export const scannedPdf = () => pdf([catalogue(), pages, page()]);
/** Documents staff should never open: a script run on opening, a program launched, one hidden in a link. */
export const activePdfs = {
  script: () => pdf([catalogue(" /OpenAction 4 0 R"), pages, page(), "<< /S /JavaScript /JS (app.alert(1)) >>"]),
  launch: () => pdf([catalogue(" /OpenAction 4 0 R"), pages, page(), "<< /S /Launch /F (calc.exe) >>"]),
  hiddenName: () => pdf([catalogue(" /OpenAction 4 0 R"), pages, page(), "<< /S /L#61unch /F (calc.exe) >>"]),
  link: () =>
    pdf([
      catalogue(),
      pages,
      page(" /Annots [4 0 R]"),
      "<< /Type /Annot /Subtype /Link /Rect [0 0 100 100] /A << /S /Launch /F (run.exe) >> >>",
    ]),
};
/** A PDF whose page tree has no page. */
export const pagelessPdf = () => pdf([catalogue(), "<< /Type /Pages /Kids [] /Count 0 >>"]);
/** An HTML page that starts with `%PDF-`: a PDF by its first bytes only. */
export const htmlCalledPdf = () =>
  new Uint8Array(Buffer.from("%PDF-1.7\n<!doctype html><html><body><script>fetch('/admin')</script></body></html>\n"));

/** A password-protected PDF (the standard security handler; the empty password does not open it). */
export const lockedPdf = () =>
  pdf(
    [
      catalogue(),
      pages,
      page(),
      `<< /Filter /Standard /V 1 /R 2 /O <${"ab".repeat(32)}> /U <${"cd".repeat(32)}> /P -4 >>`,
    ],
    undefined,
    ` /Encrypt 4 0 R /ID [<${"01".repeat(16)}> <${"01".repeat(16)}>]`,
  );

/** A PDF of `count` pages. */
export const pagesPdf = (count: number) => {
  const kids = Array.from({ length: count }, (_, i) => `${i + 3} 0 R`).join(" ");
  return pdf([catalogue(), `<< /Type /Pages /Kids [${kids}] /Count ${count} >>`, ...Array(count).fill(page())]);
};

/**
 * A PDF as writers have made them since PDF 1.5: its dictionaries packed into a compressed object stream
 * (`/Type /ObjStm`, Flate) and its xref a stream too (`/Type /XRef`), so no action's name is in the file as text.
 * `openAction`: the dictionary of an action run on opening, packed with the rest.
 */
export function compressedPdf(openAction?: string) {
  const packed = [
    catalogue(openAction ? " /OpenAction 4 0 R" : ""),
    pages,
    page(),
    ...(openAction ? [openAction] : []),
  ];
  const stream = packed.length + 1;
  let bodies = "";
  const header: string[] = [];
  packed.forEach((body, i) => {
    header.push(`${i + 1} ${bodies.length}`);
    bodies += `${body}\n`;
  });
  const first = `${header.join(" ")}\n`;
  const packedBytes = deflateSync(Buffer.from(first + bodies, "latin1")).toString("latin1");
  let out = "%PDF-1.5\n%\xe2\xe3\xcf\xd3\n";
  const streamAt = out.length;
  out += `${stream} 0 obj\n<< /Type /ObjStm /N ${packed.length} /First ${first.length} /Filter /FlateDecode`;
  out += ` /Length ${packedBytes.length} >>\nstream\n${packedBytes}\nendstream\nendobj\n`;
  const xrefAt = out.length;
  const row = (type: number, field: number, index: number) =>
    String.fromCharCode(
      type,
      (field >>> 24) & 255,
      (field >>> 16) & 255,
      (field >>> 8) & 255,
      field & 255,
      index >> 8,
      index & 255,
    );
  const rows = [row(0, 0, 65535), ...packed.map((_, i) => row(2, stream, i)), row(1, streamAt, 0), row(1, xrefAt, 0)];
  const size = rows.length;
  out += `${size - 1} 0 obj\n<< /Type /XRef /Size ${size} /W [1 4 2] /Root 1 0 R /Length ${rows.join("").length} >>\n`;
  out += `stream\n${rows.join("")}\nendstream\nendobj\nstartxref\n${xrefAt}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, "latin1"));
}
