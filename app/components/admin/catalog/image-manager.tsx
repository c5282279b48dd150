import { useState } from "react";
import { fixedSize } from "~/components/ui/image-sizes";
import { ProductImage } from "~/components/ui/product-image";
import { MAX_IMAGES } from "~/modules/admin/catalog/catalog-admin";
import { useImageUpload } from "../use-image-upload";
import { FormSection } from "./fields";

const formatMegabytes = (bytes: number) => `${Math.round((bytes / 1_000_000) * 10) / 10} MB`;

/**
 * The item's images in their order (the first is the card image), each with Move up / Move down / Remove, and the
 * "Add image" file input. The order travels in hidden `images` inputs; the server accepts only this item's own
 * images and images uploaded here. Every button submits the whole form, so nothing typed is lost. A chosen image is
 * uploaded at once and joins the list (useImageUpload); without JavaScript, "Upload image" sends it with the form.
 */
export function ImageManager({
  images,
  itemName,
  error,
  uploadError,
  maxBytes,
  saveLabel,
}: {
  images: string[];
  itemName: string;
  error?: string;
  uploadError?: string;
  maxBytes: number;
  saveLabel: string;
}) {
  const small = "btn-outline px-3 py-1.5 text-xs";
  const [list, setList] = useState(images);
  const upload = useImageUpload((url) => setList((now) => (now.includes(url) ? now : [...now, url])), list.length);
  const shownError = upload.error === undefined ? uploadError : upload.error;
  return (
    <FormSection
      title="Images"
      description={`The first image is shown on cards and opens the gallery. A chosen image is uploaded at once; the list is kept when you press ${saveLabel}.`}
    >
      {list.length === 0 ? (
        <p className="text-sm text-slate-600">No images yet: add at least one.</p>
      ) : (
        <ol className="space-y-3" aria-label="Current images">
          {list.map((src, i) => (
            <li key={src} className="flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 p-2">
              <input type="hidden" name="images" value={src} />
              <ProductImage
                src={src}
                alt={`${itemName}, image ${i + 1}`}
                width={64}
                height={64}
                sizes={fixedSize(64)}
                className="h-16 w-16 rounded-lg bg-slate-50 object-cover"
              />
              <span className="text-sm text-slate-700">
                Image {i + 1}
                {i === 0 && " (card image)"}
              </span>
              <span className="ml-auto flex flex-wrap gap-2">
                <button type="submit" name="intent" value={`image-up-${i}`} disabled={i === 0} className={small}>
                  Move up
                </button>
                <button
                  type="submit"
                  name="intent"
                  value={`image-down-${i}`}
                  disabled={i === list.length - 1}
                  className={small}
                >
                  Move down
                </button>
                <button type="submit" name="intent" value={`image-remove-${i}`} className={small}>
                  Remove
                </button>
              </span>
            </li>
          ))}
        </ol>
      )}
      {error && (
        <p id="field-images-error" role="alert" className="text-sm text-rose-700">
          {error}
        </p>
      )}
      <div>
        <label htmlFor="field-image" className="text-sm font-medium">
          Add image
        </label>
        <input
          id="field-image"
          name="image"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          aria-invalid={shownError ? true : undefined}
          aria-describedby={shownError ? "field-image-error field-image-hint" : "field-image-hint"}
          ref={upload.inputRef}
          onChange={upload.onChange}
          className="mt-1 block w-full text-sm file:mr-3 file:rounded-full file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:font-semibold file:text-brand-700"
        />
        <p id="field-image-hint" className="mt-1 text-xs text-slate-600">
          JPEG, PNG or WebP, up to {formatMegabytes(maxBytes)}; at most {MAX_IMAGES} images.
        </p>
        <p aria-live="polite" className="mt-1 text-sm text-slate-700">
          {upload.uploading ? "Uploading…" : upload.uploaded ? "Image uploaded." : ""}
        </p>
        {shownError && (
          <p id="field-image-error" className="mt-1 text-sm text-rose-700">
            {shownError}
          </p>
        )}
        {!upload.hydrated && (
          <button type="submit" name="intent" value="upload" className="btn-outline mt-2 px-3 py-1.5 text-xs">
            Upload image
          </button>
        )}
      </div>
    </FormSection>
  );
}
