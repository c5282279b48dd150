/** The back office's reviews (docs/decisions/037): what a review looks like to staff, and the page's words. */
export type ReviewForStaff = {
  id: string;
  quote: string;
  name: string;
  company: string;
  published: boolean;
  /** The health, quitting or cessation words its text uses (CAP Code 22.5): none, or a flag beside it. */
  claimWords: string[];
};

export const reviewNotices = {
  added: "Review added.",
  published: "Review published.",
  hidden: "Review hidden from the shop.",
  invalid: "Please correct the fields marked below.",
} as const;

/** The flag's words: which listed words the review uses, quoted. */
export const claimFlag = (words: string[]) =>
  `Check the wording: it mentions ${words.map((w) => `'${w}'`).join(", ")}. Reviews may make no health, quitting or smoking-cessation claims (CAP Code 22.5).`;
