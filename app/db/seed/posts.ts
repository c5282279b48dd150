import type { SeedPost } from "./types";

/**
 * The demo blog: six published articles and one unfinished draft.
 *
 * Bodies are Markdown with no raw HTML and no images; links go only to gov.uk or nhs.uk.
 * The draft has the newest date on purpose, so tests can prove drafts stay hidden even when newest.
 * Cover images are written by scripts/demo-images/blog-covers.ts from this list.
 */

const podCare = `Most problems people bring to us (a burnt taste, a leaking pod, a device that flashes and refuses to fire) come down to a few simple habits. Spend a couple of minutes a week on the points below and your pod kit will give you cleaner flavour and last a good deal longer.

## Keep the contacts clean

The small metal contacts where the pod meets the battery carry the power to the coil. Condensation and tiny amounts of e-liquid build up there over time, which can cause a patchy connection, a flashing light or weak vapour.

- Every few days, take the pod out and wipe the contacts on both the pod and the device with a **dry cotton bud** or a twist of kitchen roll.
- For sticky residue, use a barely damp cotton bud, then a dry one, and let everything dry fully before you reconnect.
- Never run the device under a tap or soak it. The battery and electronics are not designed to get wet.

It is worth wiping the mouthpiece at the same time, because a little condensation collects there with normal use.

## Prime every new pod

Inside each pod is a cotton wick that feeds e-liquid to the coil. If the coil heats up before the wick is fully soaked, the cotton scorches and you get a harsh, **burnt taste** that will not go away, because the damage is already done.

- **Pre-filled pods:** click the pod in and leave it upright for a few minutes before your first puff.
- **Refillable pods:** fill slowly down the side of the pod, never into the central air tube, stop at the fill line, then wait five to ten minutes.
- Start with a few short, gentle puffs rather than one long, hard draw.

## Charge it sensibly

Pod devices use small rechargeable lithium-ion batteries. They are safe when treated properly, but they deserve a little respect.

- Use the cable supplied with the device, or a good-quality replacement, with a standard USB plug or a computer port. Check the manual before using a fast charger.
- Charge on a hard surface, not on a bed or sofa, and do not leave the device charging unattended overnight.
- Unplug once it is full. Topping up before the battery is completely flat is perfectly fine.
- If a device is cracked, swollen, unusually hot or has been dropped in water, **stop using it**. Do not try to open it; take it to be recycled instead.

## Store it well

- Keep the device and spare pods at room temperature, out of direct sunlight, and ideally upright.
- Leave spare pods sealed in their packaging until you need them.
- Keep everything out of reach of children and pets. E-liquid contains nicotine, which is poisonous if swallowed. If a child swallows e-liquid, get medical advice straight away from NHS 111, or call 999 in an emergency.

## Heat is the enemy

A parked car on a sunny day can get far hotter than the air outside. Heat thins e-liquid so it is more likely to leak, and it is bad for lithium batteries. Avoid leaving your device on a dashboard, a sunny windowsill or a radiator, and do not keep it in a back pocket where it can be bent or squashed.

## Leaks and gurgling

A little moisture in the mouthpiece is normal condensation. A real leak is usually down to one of these:

- **overfilling** a refillable pod
- a cracked or damaged pod
- heat, or changes in air pressure such as on a flight
- drawing much harder than the device is designed for

Take the pod out, blot it and the device with tissue, check for cracks and try again with gentler puffs. When you travel, airlines generally require vapes to go in your hand luggage rather than the hold, so check with your airline before you fly.

## When to replace a pod

Pods are consumables, and no amount of cleaning will rescue a worn-out coil. Change the pod when you notice:

1. a burnt or noticeably muted taste, even though there is still liquid in it
2. gurgling or spitting that blotting does not fix
3. a crack, a leak from the body of the pod, or a loose fit in the device
4. an empty pre-filled pod, which is designed to be replaced rather than refilled

With these habits in place, most pod kits run reliably for months. If something still is not right, our customer service team is always happy to help you work out what is going on.`;

const nicotineStrength = `Getting your nicotine strength right is one of the most important choices you will make when you switch from smoking. Too low and cravings may pull you back to cigarettes; too high and vaping can feel harsh or leave you light-headed. Here is how to find a sensible starting point.

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

const ukRules = `The UK has some of the most detailed rules on vaping products anywhere. They can look complicated, but they exist to make sure what you buy is consistent, properly labelled and kept away from children. Here is a plain-English guide to what the rules mean when you shop with us or anywhere else.

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

const recycling = `Vapes contain a small lithium-ion battery, a circuit board and metals such as copper. That makes them electrical waste, not ordinary rubbish, and it means how you get rid of an old device really matters. Here is how to do it safely.

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

Before recycling a device, **remove the pod**. Separating them makes the device easier and safer to process, and it stops leftover e-liquid leaking over other items in the collection box.

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

const flavourFamilies = `With so many flavours on the shelf, it helps to think in families rather than individual names. Once you know which family you enjoy, picking something new becomes much easier. Here is a tour of the main groups, and a few tips for keeping flavour fresh.

## Fruit

Fruit flavours are the most popular family by some distance. They range from single fruits, such as strawberry, watermelon, mango or blueberry, to blends like mixed berries or tropical mixes.

- **Sweet fruits** (mango, strawberry, grape) feel rich and rounded.
- **Sharp fruits** (lemon, lime, sour apple) are brighter and can feel lighter on the palate.
- **Berry blends** sit in between and are a popular all-day choice.

## Ice and menthol

Many flavours come in an "ice" version, and menthol is a long-standing favourite with people who switched from menthol cigarettes.

**How does "ice" work?** It is not actually cold. Ice flavours use a **cooling agent**, either menthol or a synthetic compound such as WS-23, that activates the cold-sensing receptors in your mouth and throat. Your brain reads that signal as coolness, even though the vapour is at the same temperature as any other. Cooling agents have little taste of their own, which is why they pair so well with fruit.

- **Mint and menthol:** classic cool flavours, from sweet spearmint to sharp peppermint.
- **Fruit ice:** a fruit flavour with a cooling finish, such as watermelon ice or blueberry ice.

## Desserts

Dessert flavours aim to recreate custard, vanilla, cheesecake, biscuits or caramel. They tend to be smooth, rich and sweet, and many people enjoy them as an occasional treat rather than an all-day flavour. Heavy, sweet liquids can wear out a coil a little faster, so you may find yourself changing pods more often.

## Drinks

This family covers flavours inspired by drinks: cola, lemonade, iced tea, coffee and so on. It is worth knowing that UK rules ban **caffeine and taurine** in nicotine e-liquids, so a coffee or energy-drink flavour tastes like the drink but contains neither.

## Tobacco

Tobacco flavours range from light, golden blends to richer, darker styles, sometimes with a hint of caramel or nut. They are a familiar starting point for many people who are switching from cigarettes, though plenty of people find they prefer something completely different within a few weeks.

## Pairing flavour with strength

- **Cooling flavours** can soften the throat hit, which some people find helps at 20 mg/ml.
- **Sweet and dessert flavours** can mask some of the harshness of nicotine, so the strength may feel lower than it is. Go by how you feel, not just by taste.
- **Tobacco flavours** often feel most satisfying to former smokers at a higher strength, especially early on.

Whatever you choose, pick your nicotine strength first and your flavour second. The right strength is what keeps cravings under control.

## Flavour fatigue and rotating

If a flavour you loved suddenly tastes flat, you may be experiencing **flavour fatigue**, sometimes called vaper's tongue. When you use the same flavour all day, every day, your senses adapt and it starts to fade. It usually passes with a few simple changes:

1. **Rotate** between two or three flavours from different families, for example a fruit in the day and a menthol in the evening.
2. **Drink plenty of water.** Vaping can leave your mouth dry, and a dry mouth dulls taste.
3. **Check the pod.** A worn coil also mutes flavour, so if every flavour tastes off, a fresh pod may be the answer.

Multi-pod kits make rotating easy, because you can carry several flavours at once and switch in a moment.

## Finding your favourites

There is no right answer when it comes to flavour. Try one from a couple of different families, give each a few days, and notice which one you keep reaching for. Our product pages list the flavour family for each pod, so once you know what you like, you can find more of it quickly.`;

const firstMonth = `Switching from cigarettes to vaping is one of the most effective ways to stop smoking, and many thousands of people in the UK have done it. The first month is where most of the learning happens. This guide covers what to expect, week by week, and how to give yourself the best chance of success.

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

const autumnDraft = `Draft: not ready to publish. Names, dates and prices still to be confirmed with the buying team.

## What is coming

We are putting together a small autumn range of pod flavours. The current shortlist:

- a spiced apple
- a blackberry and blackcurrant blend
- a caramel dessert flavour
- TODO: one more ice flavour, waiting on samples

## To do before this goes live

- confirm every product is notified to the MHRA
- confirm strengths (0, 10 and 20 mg/ml) and 2 ml pods for each flavour
- add launch date and product links`;

export const demoPosts: SeedPost[] = [
  {
    slug: "how-to-look-after-your-pod-device",
    title: "How to look after your pod device",
    excerpt:
      "Simple habits for cleaner flavour and fewer problems: cleaning the contacts, priming new pods, charging safely and knowing when a pod needs replacing.",
    bodyMarkdown: podCare,
    coverImage: "/images/blog/how-to-look-after-your-pod-device.svg",
    author: "Megan Lewis",
    publishedAt: "2026-06-11T09:00:00.000Z",
    draft: false,
  },
  {
    slug: "choosing-the-right-nicotine-strength",
    title: "Choosing the right nicotine strength",
    excerpt:
      "How to pick between 0, 10 and 20 mg/ml, the difference between nicotine salts and freebase, and how to step down at your own pace.",
    bodyMarkdown: nicotineStrength,
    coverImage: "/images/blog/choosing-the-right-nicotine-strength.svg",
    author: "Aisha Rahman",
    publishedAt: "2026-07-09T10:30:00.000Z",
    draft: false,
  },
  {
    slug: "what-the-uk-vaping-rules-mean-for-you",
    title: "What the UK vaping rules mean for you",
    excerpt:
      "A plain-English guide to the UK rules on nicotine strength, pod and bottle sizes, labelling, age checks and the ban on single-use vapes.",
    bodyMarkdown: ukRules,
    coverImage: "/images/blog/what-the-uk-vaping-rules-mean-for-you.svg",
    author: "Daniel Hughes",
    publishedAt: "2026-08-06T08:45:00.000Z",
    draft: false,
  },
  {
    slug: "how-to-recycle-your-vape-and-pods",
    title: "How to recycle your vape and pods",
    excerpt:
      "Vapes contain lithium batteries, so they never belong in household bins. Here is how to recycle devices and pods safely through retailers and recycling centres.",
    bodyMarkdown: recycling,
    coverImage: "/images/blog/how-to-recycle-your-vape-and-pods.svg",
    author: "Aisha Rahman",
    publishedAt: "2026-09-03T11:00:00.000Z",
    draft: false,
  },
  {
    slug: "a-guide-to-flavour-families",
    title: "A guide to flavour families",
    excerpt:
      "Fruit, ice, desserts, drinks and tobacco: what sets each flavour family apart, how cooling agents work and how to avoid flavour fatigue.",
    bodyMarkdown: flavourFamilies,
    coverImage: "/images/blog/a-guide-to-flavour-families.svg",
    author: "Megan Lewis",
    publishedAt: "2026-10-01T09:15:00.000Z",
    draft: false,
  },
  {
    slug: "switching-from-smoking-your-first-month",
    title: "Switching from smoking: your first month",
    excerpt:
      "What to expect in your first four weeks of vaping instead of smoking, from throat hit and puffing technique to handling cravings and getting NHS support.",
    bodyMarkdown: firstMonth,
    coverImage: "/images/blog/switching-from-smoking-your-first-month.svg",
    author: "Daniel Hughes",
    publishedAt: "2026-11-05T09:00:00.000Z",
    draft: false,
  },
  {
    slug: "coming-soon-our-autumn-flavour-line-up",
    title: "Coming soon: our autumn flavour line-up",
    excerpt: "A first look at the new pod flavours we are preparing for autumn.",
    bodyMarkdown: autumnDraft,
    coverImage: "/images/blog/coming-soon-our-autumn-flavour-line-up.svg",
    author: "Megan Lewis",
    publishedAt: "2026-11-20T09:00:00.000Z",
    draft: true,
  },
];
