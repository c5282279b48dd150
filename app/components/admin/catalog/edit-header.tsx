import { Form } from "react-router";
import { Link } from "~/components/ui/link";
import { FormAlert } from "~/components/ui/form-alert";
import type { CatalogKind } from "~/modules/admin/catalog/catalog-admin";

const words = {
  device: {
    list: "/admin/products",
    all: "All devices",
    title: "Edit device",
    shop: (id: string) => `/productdetail/${id}`,
    hides: "Archiving hides this device and its flavours from the shop; nothing is deleted.",
  },
  flavour: {
    list: "/admin/flavours",
    all: "All flavours",
    title: "Edit flavour",
    shop: (id: string) => `/flavour/${id}`,
    hides: "Archiving hides this flavour from the shop; nothing is deleted.",
  },
} as const;

type Props = {
  kind: CatalogKind;
  id: string;
  name: string;
  archived: boolean;
  notice: string | null;
  hiddenBy?: string | null;
};

/** The top of an edit page: the item's name (as text), its state, a link to its shop page, and Archive / Restore. */
export function EditHeader({ kind, id, name, archived, notice, hiddenBy }: Props) {
  const w = words[kind];
  return (
    <div className="space-y-3">
      <Link to={w.list} className="text-sm text-brand-700 hover:underline">
        {w.all}
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">{w.title}</h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-slate-700">
            <span className="break-all">{name}</span>
            {archived && (
              <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800">
                Archived
              </span>
            )}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          {!archived && !hiddenBy && (
            <a
              href={w.shop(id)}
              target="_blank"
              rel="noopener noreferrer"
              className="text-sm font-medium text-brand-700 hover:underline"
            >
              View in the shop
            </a>
          )}
          <Form method="post">
            <button
              type="submit"
              name="intent"
              value={archived ? "restore" : "archive"}
              className="btn-outline"
              aria-describedby="archive-hint"
            >
              {archived ? "Restore" : "Archive"}
            </button>
          </Form>
        </div>
      </div>
      <p id="archive-hint" className="text-xs text-slate-600">
        {archived ? "Restoring shows it in the shop again." : w.hides}
      </p>
      {hiddenBy && <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">{hiddenBy}</p>}
      <FormAlert message={notice} tone="success" />
    </div>
  );
}
