/**
 * What a device's and a flavour's page show under Add to Cart, the same for both: the wishlist button, the nicotine
 * warning, the MHRA number, the chosen variant's SKU and, when that variant is sold out, "Email me when it's back".
 */
import { WishlistButton } from "~/components/cart/wishlist-button";
import type { ItemKind } from "~/db/values";
import { soldOut } from "~/modules/catalog/variant-choice";
import { optionsLabel, type VariantOffer } from "~/modules/catalog/variants";
import { MhraNumber, NicotineWarning, Sku } from "./badges";
import { BackInStockForm } from "./stock";

export function ItemFacts({
  kind,
  itemId,
  mhraEcid,
  variant,
  nameChoice,
  notice,
}: {
  kind: ItemKind;
  itemId: string;
  mhraEcid: string | null;
  variant: VariantOffer | undefined;
  /** Whether "Email me when it's back" names the variant's choices (an item sold in one variant needs not). */
  nameChoice: boolean;
  notice: string | null;
}) {
  return (
    <>
      <WishlistButton kind={kind} itemId={itemId} />
      <NicotineWarning />
      <MhraNumber ecid={mhraEcid} />
      <Sku sku={variant?.sku} />
      {variant && soldOut(variant) && (
        <BackInStockForm
          key={variant.id}
          kind={kind}
          itemId={itemId}
          variantId={variant.id}
          choice={nameChoice ? optionsLabel(variant) : null}
          notice={notice}
        />
      )}
    </>
  );
}
