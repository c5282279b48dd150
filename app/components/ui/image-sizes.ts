// How wide each layout shows an image, for `sizes` (docs/decisions/018). The page is `container-page`: at most
// 1152 px with 16 px either side, so 1120 px of content. Keep these beside a layout change.

/** Flavour and product cards (FlavourGrid): 2 columns, 3 from 640 px, 4 from 1024 px, 16 px apart. */
export const CARD_SIZES =
  "(min-width: 1152px) 268px, (min-width: 1024px) calc(25vw - 20px), (min-width: 640px) calc(33.3vw - 21px), calc(50vw - 24px)";
/** Device cards on the home page: 1 column, 2 from 640 px, 3 from 1024 px. */
export const DEVICE_CARD_SIZES =
  "(min-width: 1152px) 363px, (min-width: 1024px) calc(33.3vw - 21px), (min-width: 640px) calc(50vw - 24px), calc(100vw - 32px)";
/** The main image of a device or flavour page: the left half from 768 px (40 px gap), else the page's width. */
export const GALLERY_SIZES = "(min-width: 1152px) 540px, (min-width: 768px) calc(50vw - 36px), calc(100vw - 32px)";
/** Blog cards on /blog: 1 column, 2 from 640 px, 3 from 1024 px, 24 px apart. */
export const BLOG_CARD_SIZES =
  "(min-width: 1152px) 357px, (min-width: 1024px) calc(33.3vw - 27px), (min-width: 640px) calc(50vw - 28px), calc(100vw - 32px)";
/** Blog cards on the home page: 3 columns from 768 px, 16 px apart. */
export const BLOG_TEASER_SIZES =
  "(min-width: 1152px) 363px, (min-width: 768px) calc(33.3vw - 21px), calc(100vw - 32px)";
/** A post's cover: the 768 px article column less its padding. */
export const POST_COVER_SIZES = "(min-width: 768px) 736px, calc(100vw - 32px)";
/** A fixed-size thumbnail of `px` CSS pixels. */
export const fixedSize = (px: number) => `${px}px`;
