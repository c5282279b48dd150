import { useEffect, useRef, useState, type ImgHTMLAttributes } from "react";

export const DEFAULT_IMAGE = "/images/default-product.svg";
export const DEFAULT_IMAGE_ALT = "Default product image";

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "alt"> & { src: string | null | undefined; alt: string };

/**
 * An image that falls back to the default product image, also when it failed before the page hydrated.
 * Give it a `key` of its source where the source can change, so a new image starts afresh.
 */
export function ProductImage({ src, alt, ...rest }: Props) {
  const [failed, setFailed] = useState(!src);
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0) setFailed(true);
  }, []);
  return (
    <img ref={ref} {...rest}
      src={failed ? DEFAULT_IMAGE : (src ?? DEFAULT_IMAGE)}
      alt={failed ? DEFAULT_IMAGE_ALT : alt}
      onError={() => setFailed(true)} />
  );
}
