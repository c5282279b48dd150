import type { SeedPost } from "../types";

const body = `The UK has some of the most detailed rules on vaping products anywhere. They can look complicated, but they exist to make sure what you buy is consistent, properly labelled and kept away from children. Here is a plain-English guide to what the rules mean when you shop with us or anywhere else.

## Where the rules come from

Most of the product rules are set out in the **Tobacco and Related Products Regulations 2016** (often shortened to TRPR). The Medicines and Healthcare products Regulatory Agency (MHRA) runs the notification scheme for nicotine vaping products, and local Trading Standards teams enforce the rules in shops and online.

## Nicotine strength and container sizes

The rules for nicotine-containing products include hard limits:

- e-liquid can contain no more than **20 mg/ml** of nicotine
- tanks and pods can hold no more than **2 ml**
- a refill bottle of nicotine e-liquid can hold no more than **10 ml**

This is why pre-filled pods are 2 ml and nicotine e-liquid comes in 10 ml bottles. If you see a device or liquid that breaks these limits, it is not legal for sale in the UK.

## Packaging and labelling

Nicotine vaping products, or their packaging, must be **child-resistant and tamper-evident**. The packaging must also include:

- a list of ingredients and the nicotine content
- a batch number
- a leaflet covering use, storage, warnings and possible side effects
- the health warning: **"This product contains nicotine which is a highly addictive substance."**

Some ingredients are banned outright, including colourings, caffeine and taurine.

## Notification to the MHRA

Before a nicotine vaping product can be sold, the producer must notify the MHRA and supply detailed information about its ingredients and emissions. The MHRA publishes details of notified products, and a responsible retailer should only stock products that have been notified. The gov.uk guide to [e-cigarette regulations for consumer products](https://www.gov.uk/guidance/e-cigarettes-regulations-for-consumer-products) sets out the requirements in full.

## Age of sale

It is **illegal to sell vaping products to anyone under 18**. In England, Wales and Scotland it is also an offence for an adult to buy them on behalf of someone under 18.

For online shops, that means age checks at checkout before anything is dispatched. We verify the age of every customer, and a courier may also ask for ID on delivery. We would rather turn away an order than sell to someone under age.

## The ban on single-use vapes

Since **1 June 2025** it has been illegal for businesses to sell or supply single-use (disposable) vapes in England, Scotland and Wales, and Northern Ireland brought in the same ban on the same date. The ban covers sales in shops and online, and applies whether or not the vape contains nicotine.

It applies only to **single-use devices**. Rechargeable, refillable vapes remain legal. Broadly, a vape counts as reusable if:

- its battery can be recharged
- it can be refilled, either from a bottle of e-liquid or by fitting a new pre-filled pod
- any coil can be replaced, whether on its own or as part of a replaceable pod

Every device we sell is a rechargeable pod system with pods available separately, so it is on the legal side of that line.

## How to spot a product that may not be legal

- a tank or pod that is clearly larger than 2 ml, often sold with very large puff counts
- nicotine strengths above 20 mg/ml
- missing health warnings, or no ingredients list
- no UK contact details, or prices that look too good to be true

If you think a product breaks the rules, you can report it to Trading Standards through the Citizens Advice consumer service. Side effects or safety concerns with a vaping product can be reported to the MHRA through its Yellow Card scheme.

## What this means for you

Shopping with a retailer that follows these rules means you get products with known ingredients, honest labelling and consistent nicotine strengths. The rules can change, and we keep our range and our checks up to date as they do. If you have a question about whether a product is compliant, just ask our team.`;

export const post: SeedPost = {
  slug: "what-the-uk-vaping-rules-mean-for-you",
  title: "What the UK vaping rules mean for you",
  excerpt:
    "A plain-English guide to the UK rules on nicotine strength, pod and bottle sizes, labelling, age checks and the ban on single-use vapes.",
  bodyMarkdown: body,
  coverImage: "/images/blog/what-the-uk-vaping-rules-mean-for-you.svg",
  author: "Daniel Hughes",
  publishedAt: "2026-08-06T08:45:00.000Z",
  draft: false,
};
