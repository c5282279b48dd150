import type { SeedPost } from "../types";

const body = `Getting your nicotine strength right is one of the most important choices you will make when you switch from smoking. Too low and cravings may pull you back to cigarettes; too high and vaping can feel harsh or leave you light-headed. Here is how to find a sensible starting point.

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

If you are unsure, it is usually better to start a little higher. A common reason people drift back to cigarettes is that their vape simply did not satisfy their cravings.

## Signs your strength is not right

**Too much nicotine** can cause:

- dizziness or light-headedness
- nausea
- a headache
- a racing heart
- hiccups, or a throat hit that feels uncomfortably harsh

If this happens, stop vaping, sit down, have some water and let it pass. Next time, take fewer or shorter puffs, or consider a lower strength. If symptoms are severe or do not settle, seek medical advice.

**Too little nicotine** tends to show up as constant cravings, puffing almost non-stop, or finding yourself tempted by a cigarette. That is a sign to try a stronger pod rather than to battle on.

## Stepping down, at your own pace

Many people eventually want to reduce their nicotine, and that is a great goal, but there is no rush. Staying off cigarettes matters most, so only step down once you feel settled and are no longer tempted to smoke.

1. Drop one step at a time, for example from 20 to 10 mg/ml.
2. Give each change at least a couple of weeks before deciding whether it works for you.
3. If cravings return strongly, go back up for a while. That is not a failure.
4. Once 10 mg/ml feels comfortable, you can move to 0 mg/ml, and from there stop vaping altogether when you are ready.

The NHS has clear, practical advice on [using e-cigarettes to stop smoking](https://www.nhs.uk/live-well/quit-smoking/using-e-cigarettes-to-stop-smoking/), including how to choose a strength that works for you. And if you would like help choosing, our customer service team is always happy to talk it through.`;

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
