import { createContext, type ReactNode, useContext } from "react";
import { Link } from "~/components/ui/link";
import { Amount } from "~/components/ui/price";
import { CARD_SIZES } from "~/components/ui/image-sizes";
import { ProductImage } from "~/components/ui/product-image";
import { WishlistHeart, WishlistHeartButton } from "~/components/cart/wishlist-button";
import { useShopSettings } from "~/components/layout/use-shop";
import { OutOfStockNote } from "~/components/product/stock";
import { displayName } from "~/lib/text";
import type { ItemKind } from "~/modules/cart/cart";
import { cardHref, type CatalogCard, type FlavourCard as FlavourCardData, type Stock } from "~/modules/catalog/catalog";

/** A card's title is an h2 right under the page's h1 (a list page), an h3 under a section's h2 (home). */
export type HeadingLevel = 2 | 3;

export type CardProps = {
  to: string;
  name: string;
  image: string | null;
  priceCents: number;
  tag: string;
  stock: Stock;
  wish?: { kind: ItemKind; itemId: string };
  /** In the first row of a list at the top of its page: loaded at once. Any other card loads as it nears the screen. */
  eager?: boolean;
  level?: HeadingLevel;
};

/** A card in a grid: its props and its React key. */
export type GridCard = CardProps & { key: string };

/** What a card's HTML depends on besides its props: the shop's currency. */
export type CardSettings = { currency: string };

/**
 * Writes cards as HTML on the server (card-html.server.tsx, given by entry.server.tsx); absent in the browser, where
 * the grid renders its cards as React components and hydrates them over that HTML.
 */
export type CardsHtml = (cards: CardProps[], settings: CardSettings) => string;

export const CardHtmlContext = createContext<CardsHtml | null>(null);

/**
 * A catalogue card: first image, the whole name (its link, read whole to screen readers; docs/decisions/068), a tag,
 * the price, and 'Out of stock' when it is.
 */
export function ProductCard(props: CardProps) {
  const { currency } = useShopSettings();
  const { wish, name } = props;
  const heart = wish && <WishlistHeart kind={wish.kind} itemId={wish.itemId} name={name} />;
  return <ProductCardView {...props} currency={currency} heart={heart} />;
}

/**
 * The card as the server writes it: no hook of the router or the shopper, so that its HTML is a function of its
 * props and settings alone (card-html.server.tsx keeps that HTML). The heart is off there, as on any server render.
 */
export function ServerProductCard(props: CardProps & CardSettings) {
  const heart = props.wish && <WishlistHeartButton name={props.name} on={false} />;
  return <ProductCardView {...props} heart={heart} />;
}

function ProductCardView({
  to,
  name,
  image,
  priceCents,
  tag,
  stock,
  eager = false,
  level = 3,
  currency,
  heart,
}: CardProps & CardSettings & { heart: ReactNode }) {
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md">
      {heart}
      <ProductImage
        src={image}
        alt={name}
        loading={eager ? "eager" : "lazy"}
        width={600}
        height={600}
        sizes={CARD_SIZES}
        className="aspect-square w-full bg-slate-50 object-cover"
      />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <span className="self-start rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-700">
          {tag}
        </span>
        {/* The whole name, wrapping (balanced) onto a second line or more: never cut, or two items would read alike. */}
        <Heading className="leading-snug font-semibold text-balance break-words">
          <Link to={to} className="after:absolute after:inset-0">
            {displayName(name)}
          </Link>
        </Heading>
        <OutOfStockNote stock={stock} />
        <Amount cents={priceCents} currency={currency} className="mt-auto text-lg font-bold text-brand-700" />
      </div>
    </article>
  );
}

/** The cards in a grid's first row (four on a wide screen). */
export const FIRST_ROW = 4;

/**
 * A grid of cards. The first row's eager cards are React's to write on the server too (React preloads their images
 * in the page's head). The others sit in a `display: contents` box, which the server fills with each card's HTML,
 * written once per card and kept (decision 054); the browser hydrates the same cards in it.
 */
export function CardGrid({ cards }: { cards: GridCard[] }) {
  const cardsHtml = useContext(CardHtmlContext);
  const { currency } = useShopSettings();
  const firstLazy = cards.findIndex((card) => !card.eager);
  const eager = firstLazy === -1 ? cards : cards.slice(0, firstLazy);
  const lazy = firstLazy === -1 ? [] : cards.slice(firstLazy);
  return (
    <div className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
      {eager.map(({ key, ...card }) => (
        <ProductCard key={key} {...card} />
      ))}
      {lazy.length > 0 &&
        (cardsHtml ? (
          <div className="contents" dangerouslySetInnerHTML={{ __html: cardsHtml(lazy, { currency }) }} />
        ) : (
          <div className="contents">
            {lazy.map(({ key, ...card }) => (
              <ProductCard key={key} {...card} />
            ))}
          </div>
        ))}
    </div>
  );
}

/** A /products, search or wishlist card (a device or a flavour) in a list page's grid. */
export function catalogGridCard(card: CatalogCard, index: number, { wish = false } = {}): GridCard {
  return {
    key: `${card.kind}-${card.id}`,
    level: 2,
    to: cardHref(card),
    name: card.name,
    image: card.image,
    priceCents: card.priceCents,
    tag: card.tag,
    stock: card.stock,
    wish: wish ? { kind: card.kind, itemId: card.id } : undefined,
    eager: index < FIRST_ROW,
  };
}

/**
 * Flavour cards, or the empty text of docs/product/specification.md §2 when a device has none. `top`: the grid starts
 * near the page's top.
 */
export function FlavourResults({
  flavours,
  top = false,
  level = 3,
}: {
  flavours: readonly FlavourCardData[];
  top?: boolean;
  level?: HeadingLevel;
}) {
  if (flavours.length === 0) {
    return (
      <p className="rounded-xl bg-slate-50 p-6 text-center text-slate-600">
        No flavors available for the selected device.
      </p>
    );
  }
  return (
    <CardGrid
      cards={flavours.map((f, i) => ({
        key: f.id,
        to: `/flavour/${f.id}`,
        name: f.name,
        image: f.image,
        priceCents: f.priceCents,
        tag: f.deviceName,
        stock: f.stock,
        wish: { kind: "flavour", itemId: f.id },
        eager: top && i < FIRST_ROW,
        level,
      }))}
    />
  );
}
