import type { ImgHTMLAttributes, Ref } from "react";
import { responsiveSources } from "~/lib/image-variants";

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "srcSet" | "sizes"> & {
  src: string;
  alt: string;
  /** The width the layout gives the image at each screen width (see image-sizes.ts). */
  sizes: string;
  ref?: Ref<HTMLImageElement>;
};

/**
 * An image. An uploaded one (JPEG, PNG or WebP under /uploads) becomes a `<picture>` offering its AVIF and WebP
 * variants at every width (docs/decisions/018): the browser takes the first format it knows, in the width `sizes`
 * asks for at its pixel density. The original stays the `<img>`'s source, for browsers that know neither. Give it
 * width and height (the shape of its box, so nothing moves when it loads), and `loading="lazy"` below the fold.
 */
export function Picture({ src, sizes, alt, ...img }: Props) {
  const sources = responsiveSources(src);
  if (!sources) return <img {...img} src={src} alt={alt} />;
  return (
    <picture className="contents">
      {sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
      ))}
      <img {...img} src={src} alt={alt} />
    </picture>
  );
}
