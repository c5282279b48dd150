import type { SeedPost } from "../types";

const body = `Switching from cigarettes to vaping is one of the most effective ways to stop smoking, and many thousands of people in the UK have done it. The first month is where most of the learning happens. This guide covers what to expect, week by week, and how to give yourself the best chance of success.

First, the important caveats. **Vaping is for adults who smoke.** It is not for non-smokers or for anyone under 18. Vaping is not risk-free, and its long-term effects are still being studied. But UK public health bodies, including the NHS, say that vaping is **far less harmful than smoking**, because vapes do not burn tobacco and so do not produce the tar and carbon monoxide that cause most of the damage.

## Before you start

- **Pick a start date** and tell friends or family, so they can support you.
- **Choose your strength.** If you smoked 20 or more a day, most people do best starting at 20 mg/ml. See our guide to choosing the right nicotine strength for more detail.
- **Charge your device fully** and have pods ready.

## Week one: getting used to it

The first days can feel odd. Vaping is a different action from smoking, and it takes practice.

- **Puff differently.** A cigarette burns steadily, but a vape only makes vapour while you draw. Slower, longer puffs of two or three seconds work better than short, sharp ones.
- **Expect a different throat hit.** Vapour usually feels smoother than cigarette smoke, and some people miss the harshness at first. It usually stops bothering people within a week or two.
- **A little coughing** is common at first while you find the right technique. If it continues, try gentler puffs.
- **Dry mouth** is normal. Drink more water than usual.

## Mouth-to-lung or direct-lung?

There are two ways to inhale:

- **Mouth-to-lung (MTL):** draw vapour into your mouth first, then inhale into your lungs, just as you would with a cigarette. This is how small pod devices are designed to be used, and it is what most ex-smokers find natural.
- **Direct-lung (DL):** breathe the vapour straight into your lungs, as you would a deep breath. This suits larger, more powerful devices with lower nicotine strengths.

If you are using a pod kit, stick with mouth-to-lung.

## Weeks two and three: building the habit

Cravings tend to be strongest at familiar moments, such as after a meal, with a morning coffee, or when you are stressed. Plan for them:

- **Carry a spare pod** and keep your device charged. Running out is one of the most common reasons people reach for a cigarette.
- Vape whenever you feel a craving. There is no prize for holding out, and the aim is to stay off cigarettes.
- If you are still smoking some cigarettes alongside vaping, keep working towards stopping completely. The biggest health benefits come from **stopping smoking altogether**.

Many people also notice changes for the better around now, such as food tasting better, a better sense of smell and less breathlessness on the stairs.

## Week four: settling in

By the end of the first month, many people find vaping feels normal. If you are still struggling with cravings, that is not a failure; it usually means your strength or device needs adjusting. Try a higher strength before giving up.

Do not be in a hurry to cut down your nicotine. Staying off cigarettes matters most, and you can step down gradually later on, once you feel secure.

## Get extra support

You are much more likely to quit successfully with expert help. **Local NHS stop smoking services** are free and offer behavioural support alongside advice on stop-smoking aids, including vaping. You can find out more about [NHS stop smoking services](https://www.nhs.uk/live-well/quit-smoking/nhs-stop-smoking-services-help-you-quit/), and the NHS guide to [using e-cigarettes to stop smoking](https://www.nhs.uk/live-well/quit-smoking/using-e-cigarettes-to-stop-smoking/) is well worth reading.

If you are pregnant, take regular medication or have a health condition, talk to your GP, midwife or pharmacist about the best way for you to stop smoking.

Every day without a cigarette is progress. Be patient with yourself, keep your kit charged, and ask us anything along the way.`;

export const post: SeedPost = {
  slug: "switching-from-smoking-your-first-month",
  title: "Switching from smoking: your first month",
  excerpt:
    "What to expect in your first four weeks of vaping instead of smoking, from throat hit and puffing technique to handling cravings and getting NHS support.",
  bodyMarkdown: body,
  coverImage: "/images/blog/switching-from-smoking-your-first-month.svg",
  author: "Daniel Hughes",
  publishedAt: "2026-11-05T09:00:00.000Z",
  draft: false,
};
