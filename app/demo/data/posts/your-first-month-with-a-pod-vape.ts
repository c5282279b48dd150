import type { SeedPost } from "../types";

const body = `A new pod vape takes a little getting used to. The first month is where most of the learning happens: how to puff, how long a pod lasts, how to charge and store the device, and which flavours and strengths you like. This guide walks through it, week by week, so your kit works the way it should.

First, the important points. **Vaping products are for adults.** It is illegal to sell them to anyone under 18, and every nicotine product we sell carries the warning that nicotine is a highly addictive substance. If you do not already use nicotine, please do not start. We describe our products and how to use them; we do not give medical advice, so for questions about your health please speak to your GP or pharmacist.

## Before you start

- **Charge your device fully** before the first use. Most pod devices charge by USB-C in about an hour, and a light shows when they are ready.
- **Have a spare pod** to hand, so a pod that runs out does not leave you waiting for the post.
- **Choose your strength.** Our pods come in the strengths listed on each product page. See our guide to choosing the right nicotine strength for more detail.

## Week one: getting used to it

The first days can feel odd. A pod vape only makes vapour while you draw on it, so it takes some practice.

- **Puff slowly.** Slower, longer puffs of two or three seconds work better than short, sharp ones, and let the coil heat evenly.
- **Expect a gentle throat hit.** Nicotine salts are made to feel smooth. If it feels harsh, try gentler puffs or a lower strength.
- **Prime a new pod.** After fitting a new pod, wait a few minutes before the first puff, so the liquid soaks the coil. A dry coil tastes burnt.
- **Dry mouth** is common. Drinking more water than usual helps.

## Mouth-to-lung or direct-lung?

There are two ways to inhale:

- **Mouth-to-lung (MTL):** draw vapour into your mouth first, then inhale. This is how small pod devices are designed to be used.
- **Direct-lung (DL):** breathe the vapour straight in, as you would a deep breath. This suits larger, more powerful devices with lower nicotine strengths.

If you are using a pod kit, stick with mouth-to-lung.

## Weeks two and three: looking after your kit

By now you will know roughly how many days a pod lasts you and how often the battery needs charging.

- **Keep the contacts clean.** Wipe the point where the pod meets the device with a dry tissue every few days; a little condensation there is normal.
- **Store pods upright** and out of direct sunlight, and keep them away from children and pets.
- **Charge with the cable supplied** or a good-quality USB charger, and never leave the device charging unattended overnight.
- **Flavour fading?** A coil wears out with use. When the taste goes flat or burnt, it is time for a fresh pod.

## Week four: settling in

By the end of the first month you will have a routine. If the flavour or strength you started with is not quite right, try another: many people settle on two or three favourites they switch between. Our guide to flavour families can help you find more of what you like.

If your device is not working as it should, message us. Most problems (a blinking light, a pod not detected, a gurgling sound) have a simple fix, and if a device is faulty we will put it right.

## When you are done with a pod or a device

Empty pods and old devices contain a battery or electronics, so they do not go in the household bin. Our guide to recycling your vape and pods explains where to take them.

Be patient while you learn your kit, keep it charged, and ask us anything along the way.`;

export const post: SeedPost = {
  slug: "your-first-month-with-a-pod-vape",
  title: "Your first month with a pod vape",
  excerpt:
    "What to expect in your first four weeks with a new pod device, from puffing technique and priming pods to charging, storage and finding your flavours.",
  bodyMarkdown: body,
  coverImage: "/images/blog/your-first-month-with-a-pod-vape.svg",
  author: "Daniel Hughes",
  publishedAt: "2026-11-05T09:00:00.000Z",
  draft: false,
};
