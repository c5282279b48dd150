import { useEffect, useRef, useState, type ReactNode } from "react";
import { XIcon } from "./icons";

/**
 * A native modal dialog (focus is trapped and Escape closes it); open while `open` is true. A Close button in its corner
 * closes it on a phone, which has no Escape key; it comes last, so the dialog opens on its first field.
 */
export function Modal({
  open,
  title,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      onClose={onClose}
      aria-labelledby="modal-title"
      className="relative m-auto w-full max-w-lg rounded-2xl p-6 backdrop:bg-slate-950/60"
    >
      <h2 id="modal-title" className="pr-10 text-xl font-bold">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
      <button
        type="button"
        aria-label="Close"
        onClick={() => ref.current?.close()}
        className="absolute top-3 right-3 inline-flex h-11 w-11 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100"
      >
        <XIcon width={20} height={20} />
      </button>
    </dialog>
  );
}

/** True once React runs in the browser: controls that need JavaScript stay usable without it until then. */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
