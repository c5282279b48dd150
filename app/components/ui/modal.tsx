import { useEffect, useRef, useState, type ReactNode } from "react";

/** A native modal dialog (focus is trapped and Escape closes it); open while `open` is true. */
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
      className="m-auto w-full max-w-lg rounded-2xl p-6 backdrop:bg-slate-950/60"
    >
      <h2 id="modal-title" className="text-xl font-bold">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </dialog>
  );
}

/** True once React runs in the browser: controls that need JavaScript stay usable without it until then. */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
