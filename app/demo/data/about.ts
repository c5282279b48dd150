import { DEFAULT_FIGURES, type StoredFigure } from "~/modules/content/about";

/**
 * The demo shop's About page: a story with no health or quitting claims ('{shop}' is the shop's name), and figures
 * counted from the demo shop itself (devices and flavours on sale, published reviews), as any shop's are: a newcomer's
 * first look is the demo, so it invents no figure either (docs/decisions/037). The offers are the shop's own (none
 * written).
 */
export const demoAbout: { story: string; figures: StoredFigure[] } = {
  story:
    "{shop} started in 2019 as a market stall run by two friends who were tired of shops that sold unknown, " +
    "non-compliant devices. We wanted one place where adult vapers could find genuine, legal products, explained " +
    "plainly, at a fair price.\n\nToday we ship across the UK from our own warehouse. We still check every batch we " +
    "buy, we still answer every message ourselves, and we still only sell to adults aged 18 and over.",
  figures: DEFAULT_FIGURES,
};
