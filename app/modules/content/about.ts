/**
 * The About page (docs/decisions/037): its story, four offers and figures are the shop's own. Staff write them in the
 * back office; a figure is either counted from the shop's data (devices, flavours, published reviews) or written by
 * staff, and a figure nobody set, or a count of nothing, is left out. The demo content's figures are counted too:
 * no shop, the demo included, shows a figure nobody measured (issue 65). No zod here: the page imports it.
 */

export const FIGURE_SOURCES = ["none", "devices", "flavours", "reviews", "written"] as const;
export type FigureSource = (typeof FIGURE_SOURCES)[number];
export const FIGURE_SLOTS = 4;
export const OFFER_SLOTS = 4;

export const figureSourceLabels: Record<FigureSource, string> = {
  none: "Not shown",
  devices: "Counted: devices on sale",
  flavours: "Counted: flavours on sale",
  reviews: "Counted: published reviews",
  written: "Written below",
};
/** The label of a counted figure when staff wrote none. */
export const countedLabels: Record<"devices" | "flavours" | "reviews", string> = {
  devices: "Devices",
  flavours: "Flavours",
  reviews: "Customer reviews",
};

export type StoredFigure = { source: FigureSource; value: string; label: string };
export type Offer = { title: string; text: string };
export type Figure = { value: string; label: string };
export type ShopCounts = { devices: number; flavours: number; reviews: number };

/** What the About page was saved as; null fields are the shop's defaults. */
export type AboutSettings = {
  story: string | null;
  offers: Offer[] | null;
  figures: StoredFigure[];
  demo: boolean;
  updatedAt: string | null;
};

/** Nobody wrote anything: the shop's own counts, no story, the offers the shop keeps by itself. */
export const DEFAULT_FIGURES: StoredFigure[] = [
  { source: "devices", value: "", label: "" },
  { source: "flavours", value: "", label: "" },
  { source: "reviews", value: "", label: "" },
];

/** The figures as shown: counted ones from the counts (none when nothing is counted), written ones as written. */
export function shownFigures(figures: StoredFigure[], counts: ShopCounts): Figure[] {
  return figures.flatMap((f): Figure[] => {
    if (f.source === "written") return f.value && f.label ? [{ value: f.value, label: f.label }] : [];
    if (f.source === "none") return [];
    const n = counts[f.source];
    return n > 0 ? [{ value: String(n), label: f.label || countedLabels[f.source] }] : [];
  });
}

/** The story's paragraphs, with '{shop}' as the shop's name. */
export const storyParagraphs = (story: string, shopName: string) =>
  story
    .replaceAll("{shop}", shopName)
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);

/** A label that claims a return on investment: no shop may show one, the demo included (CAP Code 3.1, 22). */
export const ROI_LABEL = /\b(return\s+on\s+investment|roi)\b/i;
