import type { SeedReview } from "./types";

/** Demo customer reviews for the home page. */
export const demoReviews: SeedReview[] = [
  {
    quote:
      "Ordered the Crystal Pro Switch on a Tuesday and it was through the letterbox on Wednesday. Being able to flip between Blue Razz Ice and menthol without fiddling with pods is brilliant.",
    name: "Sophie T.",
    company: "Verified buyer, Bristol",
    image: "/images/reviews/review-1.svg",
  },
  {
    quote: "The Hayati Pro Max at 20 mg is smooth and the pods last me most of a week. Cool Mint is the one I keep reordering.",
    name: "James R.",
    company: "Leeds",
    image: "/images/reviews/review-2.svg",
  },
  {
    quote: "The Rubik is a proper conversation piece. Four flavours on the go and the battery easily lasts me two days.",
    name: "Priya K.",
    company: "Verified buyer, Leicester",
    image: "/images/reviews/review-3.svg",
  },
  {
    quote: "Clear nicotine labelling and the age check was quick. Nice to buy from a shop that takes the rules seriously.",
    name: "Callum M.",
    company: "Glasgow",
    image: "/images/reviews/review-4.svg",
  },
  {
    quote: "The Mini fits in my jacket pocket and the Strawberry Ice pods taste exactly like the description. Great value at under a tenner.",
    name: "Emma W.",
    company: "Verified buyer, Norwich",
    image: "/images/reviews/review-5.svg",
  },
  {
    quote: "Refilling the CP 10K from the 10 ml bottles is tidy and leak-free. Triple Mango is dangerously good.",
    name: "Rhys D.",
    company: "Cardiff",
    image: "/images/reviews/review-6.svg",
  },
];
