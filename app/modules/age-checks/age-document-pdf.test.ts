import { describe, expect, it } from "vitest";
import { pdfProblem } from "./age-document-pdf.server";
import {
  activePdfs,
  compressedPdf,
  htmlCalledPdf,
  lockedPdf,
  pagelessPdf,
  pagesPdf,
  pdf,
  scannedPdf,
} from "./testing/documents";

// A PDF sent as a photo ID is read before it is kept (issue 65): its frame, its pages, nothing in it that acts.

const onePage = [
  "<< /Type /Catalog /Pages 2 0 R >>",
  "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
  "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>",
];

describe("a customer's PDF", () => {
  it("takes a scan with an xref table, and one packed in an object stream with an xref stream", async () => {
    expect(await pdfProblem(scannedPdf())).toBeNull();
    expect(await pdfProblem(compressedPdf())).toBeNull();
    expect(await pdfProblem(pagesPdf(2))).toBeNull();
  });

  it("refuses what only starts with %PDF-, and a PDF whose frame is broken: xref, startxref, %%EOF", async () => {
    expect(await pdfProblem(htmlCalledPdf())).toBe("bad-pdf");
    expect(await pdfProblem(pdf(onePage, "xref-offset"))).toBe("bad-pdf");
    expect(await pdfProblem(pdf(onePage, "no-startxref"))).toBe("bad-pdf");
    expect(await pdfProblem(pdf(onePage, "no-eof"))).toBe("bad-pdf");
    // Cut short: the last part of the file lost on the way.
    const whole = scannedPdf();
    expect(await pdfProblem(whole.subarray(0, whole.length - 40))).toBe("bad-pdf");
  });

  it("refuses a PDF with no page, a locked one, and one longer than a photo ID needs", async () => {
    expect(await pdfProblem(pagelessPdf())).toBe("bad-pdf");
    expect(await pdfProblem(lockedPdf())).toBe("locked-pdf");
    expect(await pdfProblem(pagesPdf(11))).toBe("long-pdf");
  });

  it("refuses a PDF that would act when staff open it: a script, a launched program, even with its name disguised or packed", async () => {
    expect(await pdfProblem(activePdfs.script())).toBe("active-pdf");
    expect(await pdfProblem(activePdfs.launch())).toBe("active-pdf");
    expect(await pdfProblem(activePdfs.hiddenName())).toBe("active-pdf");
    expect(await pdfProblem(activePdfs.link())).toBe("active-pdf");
    expect(await pdfProblem(compressedPdf("<< /S /Launch /F (calc.exe) >>"))).toBe("active-pdf");
    expect(await pdfProblem(compressedPdf("<< /S /JavaScript /JS (app.alert(1)) >>"))).toBe("active-pdf");
    // A link to a web page is not an action on the computer: taken.
    expect(await pdfProblem(compressedPdf("<< /S /URI /URI (https://www.gov.uk/) >>"))).toBeNull();
  });
});
