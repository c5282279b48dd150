import { useEffect, useRef, useState, type ImgHTMLAttributes } from "react";
import { Picture } from "./picture";

export const DEFAULT_IMAGE = "/images/default-product.svg";
export const DEFAULT_IMAGE_ALT = "Default product image";

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "alt" | "sizes"> & {
  src: string | null | undefined;
  alt: string;
  sizes: string;
};

/**
 * An image (with its responsive variants when uploaded) that falls back to the default product image, also when it
 * failed before the page hydrated. Give it a `key` of its source where the source can change, so a new image starts
 * afresh.
 */
export function ProductImage({ src, alt, sizes, ...rest }: Props) {
  const [failed, setFailed] = useState(!src);
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const img = ref.current;
    // Broken, or shown below one CSS pixel (a tiny upload whose variant's `w` exceeds it): only decode() can tell.
    if (img && img.complete && img.naturalWidth === 0) img.decode().catch(() => setFailed(true));
  }, []);
  if (failed || !src) return <img ref={ref} {...rest} src={DEFAULT_IMAGE} alt={DEFAULT_IMAGE_ALT} />;
  return <Picture ref={ref} {...rest} src={src} alt={alt} sizes={sizes} onError={() => setFailed(true)} />;
}
