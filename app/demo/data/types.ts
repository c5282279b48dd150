import type { Specification, StockStatus } from "~/modules/catalog/catalog";

/** The demo catalogue's shape; ids and timestamps are made when it is loaded. */
export type SeedDevice = {
  slug: string;
  name: string;
  description: string;
  images: string[]; // paths under /images/catalog/
  priceCents: number;
  originalPriceCents: number | null;
  flavours: string[];
  nicotineStrengths: number[]; // mg/ml, each ≤ 20
  puffCounts: number[];
  features: string[];
  detailsDescription: string;
  specifications: Specification[];
  stockStatus: StockStatus;
  nicotineMgMl: number; // the highest strength offered, ≤ 20
  podMl: number | null; // ≤ 2
  rechargeable: boolean;
};

export type SeedFlavour = {
  slug: string;
  name: string;
  description: string;
  images: string[];
  priceCents: number;
  sizes: number[]; // nicotine mg options, each ≤ 20
  deviceSlug: string;
  stockStatus: StockStatus;
  nicotineMgMl: number;
  podMl: number | null;
  bottleMl: number | null;
  /** Pods in one unit sold (a multipack); one when not said. */
  podsPerUnit?: number;
};

export type SeedReview = { quote: string; name: string; company: string; image: string };

export type SeedPost = {
  slug: string;
  title: string;
  excerpt: string; // one or two sentences for cards
  bodyMarkdown: string; // the article in Markdown (no raw HTML)
  coverImage: string; // path under /images/blog/
  author: string;
  publishedAt: string; // ISO date-time
  draft: boolean;
};
