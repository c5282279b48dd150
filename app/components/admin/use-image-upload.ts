import { useEffect, useRef, useState, type ChangeEvent } from "react";
import { useFetcher } from "react-router";
import { useHydrated } from "~/components/ui/modal";
import { IMAGE_UPLOAD_PATH, type ImageUploadAnswer } from "~/modules/admin/catalog/uploads";

/**
 * Uploads an image the moment it is chosen: the file alone goes to /admin/upload (a fetcher, so the form and what is
 * typed in it stay as they are), and `onUploaded` gets the stored image's address. The file input is emptied again,
 * so saving the form does not send the file a second time. A save pressed while the image is on its way waits for it
 * (then goes ahead with the image in the form; not at all if the image is refused). Without JavaScript nothing
 * happens on choosing: the form's own upload button sends the file with the form, as before. `count`: images the form
 * lists already (the server refuses one too many). Give `inputRef` to the file input.
 */
export function useImageUpload(onUploaded: (url: string) => void, count?: number) {
  const fetcher = useFetcher<ImageUploadAnswer>();
  const hydrated = useHydrated();
  const inputRef = useRef<HTMLInputElement>(null);
  const handled = useRef<ImageUploadAnswer | undefined>(undefined);
  // Only while the file is on its way: the answer is there already while the page's data is asked again ("loading").
  const uploading = fetcher.state === "submitting";
  const uploadingNow = useRef(uploading);
  uploadingNow.current = uploading;
  // The button of a save pressed meanwhile (null: Enter), until the image is in the form.
  const waiting = useRef<HTMLElement | null | undefined>(undefined);
  const [resubmit, setResubmit] = useState<{ submitter: HTMLElement | null }>();

  useEffect(() => {
    const form = inputRef.current?.form;
    if (!form) return;
    const hold = (event: SubmitEvent) => {
      if (!uploadingNow.current) return;
      event.preventDefault();
      waiting.current = event.submitter;
    };
    form.addEventListener("submit", hold);
    return () => form.removeEventListener("submit", hold);
  }, []);

  const answer = fetcher.data;
  useEffect(() => {
    if (!answer || answer === handled.current) return;
    handled.current = answer;
    const submitter = waiting.current;
    waiting.current = undefined;
    if (!answer.ok) return;
    onUploaded(answer.url);
    // Rendered together with the new image, so the save sends it.
    if (submitter !== undefined) setResubmit({ submitter });
  }, [answer, onUploaded]);

  useEffect(() => {
    if (resubmit) inputRef.current?.form?.requestSubmit(resubmit.submitter ?? undefined);
  }, [resubmit]);

  return {
    inputRef,
    hydrated,
    uploading,
    uploaded: !uploading && answer?.ok === true,
    /** Why the last file was refused; null while one is on its way or once it was taken; undefined before any. */
    error: uploading ? null : !answer ? undefined : answer.ok ? null : answer.message,
    onChange(event: ChangeEvent<HTMLInputElement>) {
      const input = event.currentTarget;
      const file = input.files?.[0];
      if (!file) return;
      const form = new FormData();
      form.set("image", file);
      if (count !== undefined) form.set("count", String(count));
      void fetcher.submit(form, { method: "post", action: IMAGE_UPLOAD_PATH, encType: "multipart/form-data" });
      input.value = "";
    },
  };
}
