import { useState } from "react";
import { fixedSize } from "~/components/ui/image-sizes";
import { Picture } from "~/components/ui/picture";
import { postLabels } from "~/modules/admin/posts/posts-admin";
import { useImageUpload } from "../use-image-upload";

/**
 * A post's cover: optional (the blog shows a plain panel without one). A chosen image is uploaded at once and shown
 * (useImageUpload); its address travels in `keptCover`. Without JavaScript the file goes with the form. "Remove the
 * cover" saves the post without one; a newly chosen image wins over it.
 */
export function CoverField({ current, error }: { current: string; error?: string }) {
  const [cover, setCover] = useState(current);
  const [remove, setRemove] = useState(false);
  const upload = useImageUpload((url) => {
    setCover(url);
    setRemove(false);
  });
  const shownError = upload.error === undefined ? error : upload.error;
  const described = [shownError ? "field-cover-error" : null, "cover-hint"].filter(Boolean).join(" ");
  return (
    <div>
      <label htmlFor="field-cover" className="text-sm font-medium">
        {postLabels.cover} (optional)
      </label>
      <input
        id="field-cover"
        type="file"
        name="cover"
        accept="image/jpeg,image/png,image/webp"
        aria-invalid={shownError ? true : undefined}
        aria-describedby={described}
        ref={upload.inputRef}
        onChange={upload.onChange}
        className="mt-1 block w-full text-sm file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-2"
      />
      {shownError && (
        <p id="field-cover-error" className="mt-1 text-sm text-rose-700">
          {shownError}
        </p>
      )}
      <p id="cover-hint" className="mt-1 text-xs text-slate-600">
        JPEG, PNG or WebP, uploaded as soon as you choose it.{" "}
        {cover ? "Choose another to replace the cover." : "Without a cover the blog shows a plain panel."}
      </p>
      <p aria-live="polite" className="mt-1 text-sm text-slate-700">
        {upload.uploading ? "Uploading…" : upload.uploaded ? "Cover uploaded." : ""}
      </p>
      <input type="hidden" name="keptCover" value={cover} />
      {cover && (
        <>
          <Picture
            src={cover}
            alt="Current cover image"
            width={192}
            height={108}
            sizes={fixedSize(192)}
            className="mt-2 aspect-video w-48 rounded-lg object-cover"
          />
          <label className="mt-2 flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name="removeCover"
              checked={remove}
              onChange={(event) => setRemove(event.currentTarget.checked)}
              className="h-4 w-4"
            />
            Remove the cover
          </label>
        </>
      )}
    </div>
  );
}
