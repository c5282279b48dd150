import { useState } from "react";
import { fixedSize, GALLERY_SIZES } from "~/components/ui/image-sizes";
import { ProductImage } from "~/components/ui/product-image";

/** Main image with clickable thumbnails; 'No Image Available' when there are none. */
export function Gallery({ images, name }: { images: string[]; name: string }) {
  const [index, setIndex] = useState(0);
  if (images.length === 0) {
    return (
      <div className="flex aspect-square items-center justify-center rounded-2xl bg-slate-100 text-slate-500">
        No Image Available
      </div>
    );
  }
  return (
    <div>
      <ProductImage
        key={images[index]}
        src={images[index]}
        alt={name}
        width={600}
        height={600}
        sizes={GALLERY_SIZES}
        fetchPriority="high"
        className="aspect-square w-full rounded-2xl bg-slate-50 object-cover"
      />
      {images.length > 1 && (
        <ul className="mt-3 flex gap-2" aria-label="Images">
          {images.map((src, i) => (
            <li key={src}>
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-pressed={i === index}
                aria-label={`Show image ${i + 1} of ${images.length}`}
                className="overflow-hidden rounded-lg border-2 border-transparent aria-pressed:border-brand-600"
              >
                <ProductImage
                  src={src}
                  alt=""
                  width={64}
                  height={64}
                  sizes={fixedSize(64)}
                  className="h-16 w-16 object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
