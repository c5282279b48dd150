import type { SeedPost } from "../types";

const body = `Draft: not ready to publish. Names, dates and prices still to be confirmed with the buying team.

## What is coming

We are putting together a small autumn range of pod flavours. The current shortlist:

- a spiced apple
- a blackberry and blackcurrant blend
- a caramel dessert flavour
- TODO: one more ice flavour, waiting on samples

## To do before this goes live

- confirm every product is notified to the MHRA
- confirm strengths (0, 10 and 20 mg/ml) and 2 ml pods for each flavour
- add launch date and product links`;

export const post: SeedPost = {
  slug: "coming-soon-our-autumn-flavour-line-up",
  title: "Coming soon: our autumn flavour line-up",
  excerpt: "A first look at the new pod flavours we are preparing for autumn.",
  bodyMarkdown: body,
  coverImage: "/images/blog/coming-soon-our-autumn-flavour-line-up.svg",
  author: "Megan Lewis",
  publishedAt: "2026-11-20T09:00:00.000Z",
  draft: true,
};
