import type { AgeDocumentFormat, AgeDocumentType } from "~/modules/age-checks/age-checks";

/**
 * A customer's photo ID as staff see it, the same on the Age checks list (beside Verify and Fail) and on the
 * customer's check page: the image itself, or a PDF by a link (opened by the browser's viewer). Served only to staff,
 * never cached (docs/decisions/044).
 */
export function AgeDocumentView({
  userId,
  document,
  alt,
  lazy = false,
}: {
  userId: string;
  document: { type: AgeDocumentType; contentType: AgeDocumentFormat };
  /** What the image (or PDF) is, as a screen reader says it: "The customer's passport", "Amelia Hughes's passport". */
  alt: string;
  /** On a list of several: each image loads as it scrolls into view. */
  lazy?: boolean;
}) {
  const url = `/admin/age-checks/${userId}/document`;
  if (document.contentType === "application/pdf")
    return (
      <a href={url} target="_blank" rel="noreferrer" className="btn-outline">
        Open the PDF document<span className="sr-only">: {alt}</span>
      </a>
    );
  return (
    <img
      src={url}
      alt={alt}
      loading={lazy ? "lazy" : undefined}
      decoding="async"
      className="max-h-[32rem] w-full rounded-lg border border-slate-200 object-contain"
    />
  );
}
