import { createContext } from "react";
import type { CardProps, CardSettings } from "./product-card";

/**
 * Writes cards as HTML on the server (card-html.server.tsx, given by entry.server.tsx); absent in the browser, where
 * the grid renders its cards as React components and hydrates them over that HTML.
 */
export type CardsHtml = (cards: CardProps[], settings: CardSettings) => string;

export const CardHtmlContext = createContext<CardsHtml | null>(null);
