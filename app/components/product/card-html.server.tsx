import { renderToString } from "react-dom/server";
import { ServerProductCard, type CardProps, type CardSettings, type CardsHtml } from "./product-card";

/** Cards kept per process: about 1.2 KB each, so at most ~12 MB. */
const MAX_CARDS = 10_000;

/**
 * Each card's HTML, written by React once and kept (decision 054): a grid of 24 cards cost a catalogue page a quarter
 * of its CPU. The key holds everything the HTML is made of (the card's props and the shop's currency), so a changed
 * price, name, image or stock is a new key and an old card is never shown; the least recently used are let go.
 */
export function createCardsHtml(maxCards = MAX_CARDS): CardsHtml & { size: () => number; written: () => number } {
  const kept = new Map<string, string>();
  let written = 0;
  const cardsHtml = (cards: CardProps[], settings: CardSettings) => {
    let html = "";
    for (const card of cards) {
      const key = cardKey(card, settings);
      let one = kept.get(key);
      if (one === undefined) {
        const { key: _key, ...props } = card as CardProps & { key?: string };
        one = renderToString(<ServerProductCard {...props} {...settings} />);
        written++;
        if (kept.size >= maxCards) kept.delete(kept.keys().next().value!);
      } else kept.delete(key);
      kept.set(key, one);
      html += one;
    }
    return html;
  };
  return Object.assign(cardsHtml, { size: () => kept.size, written: () => written });
}

function cardKey(card: CardProps, settings: CardSettings): string {
  const { to, name, image, priceCents, tag, stock, wish, eager, level } = card;
  // Every prop of a card, named: a prop added to CardProps fails to compile here until the key has it.
  const parts: { [K in keyof Required<CardProps>]: unknown } = {
    to,
    name,
    image,
    priceCents,
    tag,
    stock: [stock.tracked, stock.quantity],
    wish: Boolean(wish),
    eager: Boolean(eager),
    level: level ?? 3,
  };
  return JSON.stringify([settings.currency, ...Object.values(parts)]);
}

export const cardsHtml = createCardsHtml();
