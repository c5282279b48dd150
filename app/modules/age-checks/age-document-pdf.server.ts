/**
 * A customer's PDF read before it is kept (docs/decisions/071): its own frame checked here (the `%PDF-` header, a
 * `startxref` naming an xref table or an xref stream, `%%EOF` at the end), then opened by Mozilla's PDF.js
 * (pdfjs-dist: the catalogue, the page tree, each page); and nothing in it that would act when staff open it:
 * no JavaScript, no Launch action, no attached file.
 */
import { inflateSync } from "node:zlib";

export type PdfProblem = "bad-pdf" | "locked-pdf" | "active-pdf" | "long-pdf";

/** A photo ID is a page or two; a longer file is refused (and not walked page by page). */
export const MAX_PDF_PAGES = 10;
/** At most this much is inflated from one object stream to look inside it (a small stream can hold a huge one). */
const MAX_INFLATED_BYTES = 8 * 1024 * 1024;

/**
 * Names that make a PDF act: a script (every JavaScript action is `/S /JavaScript`), a program launched, a file
 * carried inside. Long enough never to turn up by chance in a photo's compressed bytes.
 */
const ACTIVE_NAMES = new Set(["JavaScript", "Launch", "EmbeddedFile", "EmbeddedFiles"]);

/** What is wrong with the PDF, or null when it may be kept. */
export async function pdfProblem(bytes: Uint8Array): Promise<PdfProblem | null> {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
  if (!framed(text)) return "bad-pdf";
  if (hasActiveNames(text) || activeInObjectStreams(text, bytes)) return "active-pdf";
  return openedProblem(bytes);
}

/**
 * The file's frame: `%PDF-1.0` to `%PDF-2.0` first; at the end (within its last 1 KB, as readers look) `startxref`,
 * an offset and `%%EOF`; at that offset the last xref section: a table (`xref`) or an xref stream (`N G obj`
 * whose dictionary is `/Type /XRef`). An HTML page or anything else that only starts with `%PDF-` has none of it.
 */
function framed(text: string): boolean {
  if (!/^%PDF-(1\.[0-7]|2\.0)\s/.test(text)) return false;
  const end = /startxref\s+(\d{1,10})\s+%%EOF[\s\0]*$/.exec(text.slice(-1024));
  if (!end) return false;
  const at = Number(end[1]);
  if (at < 9 || at >= text.length) return false;
  const section = text.slice(at, at + 1024);
  if (/^xref\s/.test(section)) return true;
  const stream = /^\d+\s+\d+\s+obj\s*<<([\s\S]*?)stream\r?\n/.exec(section);
  return Boolean(stream && /\/Type\s*\/XRef\b/.test(normalisedNames(stream[1]!)));
}

/** PDF names may spell a character as #xx (`/J#61vaScript` is `/JavaScript`): spelt out, as a reader reads them. */
const normalisedNames = (text: string) =>
  text.replace(/\/[^\s/<>[\]()%{}]+/g, (name) =>
    name.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
  );

function hasActiveNames(text: string): boolean {
  for (const [, name] of normalisedNames(text).matchAll(/\/([^\s/<>[\]()%{}]+)/g))
    if (ACTIVE_NAMES.has(name!)) return true;
  return false;
}

/**
 * Whether the file's object streams hold an active name (PDF 1.5 packs dictionaries, actions included, into compressed
 * streams `/Type /ObjStm`): each is inflated to read the names inside. One that cannot be read (another filter than
 * Flate, the one writers use; damaged; inflating past 8 MB) counts as active: what is not looked into is not taken.
 */
function activeInObjectStreams(text: string, bytes: Uint8Array): boolean {
  for (const start of text.matchAll(/(?<!end)stream\r?\n/g)) {
    const before = text.slice(Math.max(0, start.index - 2048), start.index);
    const dictionary = normalisedNames(before.slice(before.lastIndexOf("obj")));
    if (!/\/Type\s*\/ObjStm\b/.test(dictionary)) continue;
    if (!/\/Filter\s*\/FlateDecode\b/.test(dictionary)) return true;
    const from = start.index + start[0].length;
    const to = text.indexOf("endstream", from);
    try {
      const inside = inflateSync(bytes.subarray(from, to < 0 ? bytes.length : to), {
        maxOutputLength: MAX_INFLATED_BYTES,
      });
      if (hasActiveNames(inside.toString("latin1"))) return true;
    } catch {
      return true;
    }
  }
  return false;
}

/** PDF.js opens it: a catalogue, a page tree with 1 to 10 pages, each page readable; no script or file inside. */
async function openedProblem(bytes: Uint8Array): Promise<PdfProblem | null> {
  // Loaded the first time a PDF is sent, not with the server (PDF.js is large, and most documents are photos).
  const { getDocument, VerbosityLevel } = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const task = getDocument({
    data: bytes.slice(), // PDF.js may take the buffer over
    stopAtErrors: true,
    enableXfa: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: VerbosityLevel.ERRORS,
  });
  try {
    const document = await task.promise;
    if (document.numPages < 1) return "bad-pdf";
    if (document.numPages > MAX_PDF_PAGES) return "long-pdf";
    if ((await document.getJSActions()) || (await document.hasJSActions()) || (await document.getAttachments()))
      return "active-pdf";
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      if (await page.getJSActions()) return "active-pdf";
      for (const annotation of (await page.getAnnotations()) as Annotation[])
        if (actsOnOpening(annotation)) return "active-pdf";
    }
    return null;
  } catch (error) {
    return (error as Error | null)?.name === "PasswordException" ? "locked-pdf" : "bad-pdf";
  } finally {
    await task.destroy();
  }
}

type Annotation = { subtype?: string; actions?: Record<string, unknown> | null; unsafeUrl?: string };

/** A link or field that runs a script, launches or opens a file (a web address or a place in the document is fine). */
const actsOnOpening = (annotation: Annotation) =>
  annotation.subtype === "FileAttachment" ||
  Boolean(annotation.actions && Object.keys(annotation.actions).length > 0) ||
  (annotation.unsafeUrl !== undefined && !/^(https?:|mailto:)/i.test(annotation.unsafeUrl));
