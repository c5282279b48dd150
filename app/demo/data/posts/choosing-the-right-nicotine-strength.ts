import type { SeedPost } from "../types";

const body = `Getting your nicotine strength right is one of the most important choices you will make with a new device. Too low and it may not satisfy you; too high and vaping can feel harsh or leave you light-headed. Here is how to find a sensible starting point.

First, an important note: **vaping is for adults who smoke**. Nicotine is addictive, so if you do not smoke, please do not start vaping. It is illegal to sell vaping products to anyone under 18.

## The strengths we sell

In the UK, nicotine e-liquid is limited by law to a maximum of **20 mg/ml**. Our pods come in three strengths:

- **20 mg/ml:** the highest legal strength, often the best fit for people who smoked heavily
- **10 mg/ml:** a middle option for lighter smokers, or a step down once you are settled
- **0 mg/ml:** nicotine-free, for people who have already stepped all the way down and still enjoy the routine

## Nicotine salts or freebase?

There are two main forms of nicotine in e-liquid.

**Freebase nicotine** is the traditional form. At higher strengths it gives a strong, peppery catch in the throat, which is why freebase liquids for larger devices are usually sold at lower strengths such as 3 or 6 mg/ml.

**Nicotine salts** combine nicotine with a mild acid, which makes the vapour noticeably smoother. That lets you use 10 or 20 mg/ml comfortably in a small, low-powered pod device, with a feel closer to a cigarette. All of our pods use nicotine salts.

The device matters too. Small pod kits are designed for gentle mouth-to-lung puffs, like a cigarette, and suit higher-strength salts. Larger, more powerful devices produce much more vapour, so they are normally paired with much lower strengths.

## Use your smoking history as a guide

There is no perfect formula, but how much you smoked now is a reasonable guide to where to start:

- **20 or more cigarettes a day**, or reaching for one soon after waking: start at 20 mg/ml.
- **Around 10 to 20 a day:** 20 mg/ml is still a good starting point for most people; some find 10 mg/ml is enough.
- **Fewer than 10 a day**, or mainly social smoking: try 10 mg/ml.

If you are unsure, it is usually better to start a little higher. A common reason people are disappointed with a new device is that it simply did not satisfy them.

## Signs your strength is not right

**Too much nicotine** can cause:

- dizziness or light-headedness
- nausea
- a headache
- a racing heart
- hiccups, or a throat hit that feels uncomfortably harsh

If this happens, stop vaping, sit down, have some water and let it pass. Next time, take fewer or shorter puffs, or consider a lower strength. If symptoms are severe or do not settle, seek medical advice.

**Too little nicotine** tends to show up as constant cravings, puffing almost non-stop, or finding the vape unsatisfying. That is a sign to try a stronger pod rather than to battle on.

## Stepping down, at your own pace

Some people later want a lower strength. There is no rush: step down only once you feel settled with your device.

1. Drop one step at a time, for example from 20 to 10 mg/ml.
2. Give each change at least a couple of weeks before deciding whether it works for you.
3. If a lower strength leaves you unsatisfied, go back up for a while.
4. Once 10 mg/ml feels comfortable, you can move to 0 mg/ml, or stay wherever suits you.

If you would like help choosing, our customer service team is always happy to talk it through. We can tell you the strengths each pod comes in and how each device feels to use; we cannot give medical advice, so for that please ask your GP or pharmacist.`;

export const post: SeedPost = {
  slug: "choosing-the-right-nicotine-strength",
  title: "Choosing the right nicotine strength",
  excerpt:
    "How to pick between 0, 10 and 20 mg/ml, the difference between nicotine salts and freebase, and how to step down at your own pace.",
  bodyMarkdown: body,
  coverImage: "/images/blog/choosing-the-right-nicotine-strength.svg",
  author: "Aisha Rahman",
  publishedAt: "2026-07-09T10:30:00.000Z",
  draft: false,
};
