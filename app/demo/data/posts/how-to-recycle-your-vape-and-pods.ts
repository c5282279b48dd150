import type { SeedPost } from "../types";

const body = `Vapes contain a small lithium-ion battery, a circuit board and metals such as copper. That makes them electrical waste, not ordinary rubbish, and it means how you get rid of an old device really matters. Here is how to do it safely.

## Why vapes need special handling

Lithium-ion batteries store a lot of energy in a small space. When they are crushed, punctured or damaged, they can overheat and catch fire. Batteries thrown in with general waste are a known cause of **fires in bin lorries** and at waste and recycling sites, which puts workers at risk and can cause serious damage.

There is also a resource cost. The lithium, copper and other materials in a vape can be recovered and reused, but only if the device reaches a proper recycling facility rather than landfill.

## Never put vapes in household bins

Please do not put a vape device in:

- your general rubbish bin
- your **kerbside recycling** bin, or loose in a recycling bag
- a public litter bin

Some councils run separate collections for small electricals. If yours does, follow its instructions exactly; otherwise, use one of the options below.

## Step 1: take the pod out

Before recycling a device, **remove the pod**. Separating them makes the device easier to process, and it stops leftover e-liquid leaking over other items in the collection box.

Do not try to open the device itself or remove a built-in battery. Vape batteries are not designed to be taken out by the user, and damaging one is exactly what creates a fire risk.

## Step 2: take it back to a retailer

Shops that sell electrical goods, including vapes, have obligations under the **Waste Electrical and Electronic Equipment (WEEE) Regulations** to help customers recycle old equipment. In practice:

- many vape shops, supermarkets and convenience stores now have collection points for used vapes
- online retailers must provide a take-back route too, either by accepting old devices themselves or through a scheme that funds local recycling facilities

If you bought your device from us, our customer service team can explain your take-back options.

## Step 3: or use your local recycling centre

Your council's **household waste recycling centre** (often just called the tip) will accept vapes with small electricals or batteries. Ask a member of staff if you are unsure which container to use, and mention that the item contains a lithium battery. You can find your local council and its recycling services through [gov.uk](https://www.gov.uk/find-local-council).

## What about used pods?

Pods without a battery are not a fire risk in the same way, but they are made of mixed materials, with a plastic body, a small metal coil, cotton wicking and traces of nicotine e-liquid. That means they do not belong in your kerbside recycling either.

- Many retailer collection points and recycling centres accept used pods alongside devices.
- Keep used pods in a sealed bag or tub until you drop them off, well out of reach of children and pets.
- Empty e-liquid bottles should be handled according to your council's advice.

## Damaged or swollen devices

If a device is swollen, cracked, leaking, unusually hot or has been in water, **stop using it and do not charge it**. Keep it somewhere cool and away from anything flammable, then take it to a household waste recycling centre as soon as you can and tell the staff it is damaged.

## Make it a habit

The easiest approach is to keep a small box for used pods and old devices in a cool, dry place, and take it with you the next time you pass a collection point or visit the tip. The ban on single-use vapes has reduced the number of throwaway devices, but rechargeable kits and pods still need to reach the right place at the end of their life.

Recycling a vape takes a couple of minutes, keeps valuable materials in use and helps prevent fires. That is a good trade.`;

export const post: SeedPost = {
  slug: "how-to-recycle-your-vape-and-pods",
  title: "How to recycle your vape and pods",
  excerpt:
    "Vapes contain lithium batteries, so they never belong in household bins. Here is how to recycle devices and pods safely through retailers and recycling centres.",
  bodyMarkdown: body,
  coverImage: "/images/blog/how-to-recycle-your-vape-and-pods.svg",
  author: "Aisha Rahman",
  publishedAt: "2026-09-03T11:00:00.000Z",
  draft: false,
};
