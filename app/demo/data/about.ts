import type { StoredFigure } from "~/modules/content/about";

/**
 * The demo shop's About page: the specification's figures (only the demo shows them, docs/decisions/037) and a story
 * with no health or quitting claims. '{shop}' is the shop's name. The offers are the shop's own (none written).
 */
export const demoAbout: { story: string; figures: StoredFigure[] } = {
  story:
    "{shop} started in 2019 as a market stall run by two friends who were tired of shops that sold unknown, " +
    "non-compliant devices. We wanted one place where adult vapers could find genuine, legal products, explained " +
    "plainly, at a fair price.\n\nToday we ship across the UK from our own warehouse. We still check every batch we " +
    "buy, we still answer every message ourselves, and we still only sell to adults aged 18 and over.",
  figures: [
    { source: "written", value: "400+", label: "Devices and accessories" },
    { source: "written", value: "600%", label: "Return on investment" },
    { source: "written", value: "50+", label: "Flavours" },
    { source: "written", value: "200+", label: "Five-star reviews" },
  ],
};
