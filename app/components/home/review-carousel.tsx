import { useState, type KeyboardEvent } from "react";
import { ChevronLeft, ChevronRight } from "~/components/ui/icons";
import type { Review } from "~/modules/catalog/catalog";

export const VISIBLE_REVIEWS = 3;

/**
 * The reviews shown from a start index: three, wrapping round the list (docs/product/specification.md §9: 3 of 6
 * visible).
 */
export function visibleReviews<T>(reviews: readonly T[], start: number, count = VISIBLE_REVIEWS): T[] {
  if (reviews.length === 0) return [];
  return Array.from({ length: Math.min(count, reviews.length) }, (_, i) => reviews[(start + i) % reviews.length]!);
}

export function ReviewCarousel({ reviews }: { reviews: readonly Review[] }) {
  const [start, setStart] = useState(0);
  const move = (step: number) => setStart((i) => (i + step + reviews.length) % reviews.length);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "ArrowLeft") move(-1);
    if (event.key === "ArrowRight") move(1);
  };
  if (reviews.length === 0) return null;
  return (
    // The arrow keys work wherever focus is inside the carousel (on its buttons): the keys bubble up to here.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <section
      aria-roledescription="carousel"
      aria-labelledby="reviews-title"
      className="container-page py-12"
      onKeyDown={onKeyDown}
    >
      <div className="flex items-center justify-between gap-4">
        <h2 id="reviews-title" className="text-2xl font-bold">
          What our customers say
        </h2>
        <div className="flex gap-2">
          <button
            type="button"
            onClick={() => move(-1)}
            aria-label="Previous review"
            className="rounded-full border border-slate-300 p-2 hover:bg-brand-50"
          >
            <ChevronLeft />
          </button>
          <button
            type="button"
            onClick={() => move(1)}
            aria-label="Next review"
            className="rounded-full border border-slate-300 p-2 hover:bg-brand-50"
          >
            <ChevronRight />
          </button>
        </div>
      </div>
      <ul className="mt-6 grid gap-4 md:grid-cols-3" aria-live="polite">
        {visibleReviews(reviews, start).map((review) => (
          <li key={review.id} aria-roledescription="slide" className="flex flex-col gap-4 rounded-2xl bg-brand-50 p-6">
            <blockquote className="flex-1 text-slate-700">“{review.quote}”</blockquote>
            <div className="flex items-center gap-3">
              <img
                src={review.image}
                alt={review.name}
                width={48}
                height={48}
                className="h-12 w-12 rounded-full"
                loading="lazy"
              />
              <div>
                <p className="font-semibold">{review.name}</p>
                <p className="text-sm text-slate-600">{review.company}</p>
              </div>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
