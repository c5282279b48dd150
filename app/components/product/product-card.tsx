import { Link } from "~/components/ui/link";
import { Price } from "~/components/ui/price";
import { CARD_SIZES } from "~/components/ui/image-sizes";
import { ProductImage } from "~/components/ui/product-image";
import { WishlistHeart } from "~/components/cart/wishlist-button";
import { OutOfStockNote } from "~/components/product/stock";
import { cardName } from "~/lib/text";
import type { ItemKind } from "~/modules/cart/cart";
import type { FlavourCard as FlavourCardData, Stock } from "~/modules/catalog/catalog";

type Props = {
  to: string;
  name: string;
  image: string | null;
  priceCents: number;
  tag: string;
  stock: Stock;
  wish?: { kind: ItemKind; itemId: string };
  /** In the first row of a list at the top of its page: loaded at once. Any other card loads as it nears the screen. */
  eager?: boolean;
};

/**
 * A catalogue card: first image, the name (cut to 10 characters + '...' when longer; the link keeps the full name as
 * its accessible name and title), a tag, the price, and 'Out of stock' when it is.
 */
export function ProductCard({
  to,
  name,
  image,
  priceCents,
  tag,
  stock,
  wish,
  eager = false,
  level = 3,
}: Props & { level?: HeadingLevel }) {
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md">
      {wish && <WishlistHeart kind={wish.kind} itemId={wish.itemId} name={name} />}
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
        <Heading className="font-semibold">
          <Link to={to} title={name} className="after:absolute after:inset-0">
            <span aria-hidden="true">{cardName(name)}</span>
            <span className="sr-only">{name}</span>
          </Link>
        </Heading>
        <OutOfStockNote stock={stock} />
        <Price cents={priceCents} className="mt-auto text-lg font-bold text-brand-700" />
      </div>
    </article>
  );
}

/** A card's title is an h2 right under the page's h1 (a list page), an h3 under a section's h2 (home). */
export type HeadingLevel = 2 | 3;

/** The cards in a grid's first row (four on a wide screen). */
export const FIRST_ROW = 4;

/**
 * Flavour cards, or the empty text of docs/product/specification.md §2 when a device has none. `top`: the grid starts
 * near the page's top.
 */
export function FlavourResults({
  flavours,
  top = false,
  level = 3,
}: {
  flavours: FlavourCardData[];
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
    <FlavourGrid>
      {flavours.map((f, i) => (
        <ProductCard
          key={f.id}
          to={`/flavour/${f.id}`}
          name={f.name}
          image={f.image}
          priceCents={f.priceCents}
          tag={f.deviceName}
          stock={f.stock}
          wish={{ kind: "flavour", itemId: f.id }}
          eager={top && i < FIRST_ROW}
          level={level}
        />
      ))}
    </FlavourGrid>
  );
}

export function FlavourGrid({ children }: { children: React.ReactNode }) {
  return <div className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">{children}</div>;
}
