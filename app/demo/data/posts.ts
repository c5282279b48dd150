import type { SeedPost } from "./types";
import { post as podCare } from "./posts/how-to-look-after-your-pod-device";
import { post as nicotineStrength } from "./posts/choosing-the-right-nicotine-strength";
import { post as ukRules } from "./posts/what-the-uk-vaping-rules-mean-for-you";
import { post as recycling } from "./posts/how-to-recycle-your-vape-and-pods";
import { post as flavourFamilies } from "./posts/a-guide-to-flavour-families";
import { post as firstMonth } from "./posts/your-first-month-with-a-pod-vape";
import { post as autumnDraft } from "./posts/coming-soon-our-autumn-flavour-line-up";

/**
 * The demo blog: six published articles and one unfinished draft, one file each under posts/.
 *
 * Bodies are Markdown with no raw HTML and no images; links go only to gov.uk or nhs.uk.
 * The draft has the newest date on purpose, so tests can prove drafts stay hidden even when newest.
 * Cover images are written by scripts/demo-images/blog-covers.ts from this list.
 */
export const demoPosts: SeedPost[] = [podCare, nicotineStrength, ukRules, recycling, flavourFamilies, firstMonth, autumnDraft];
