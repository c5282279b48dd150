import type { SeedPost } from "../types";

const body = `With so many flavours on the shelf, it helps to think in families rather than individual names. Once you know which family you enjoy, picking something new becomes much easier. Here is a tour of the main groups, and a few tips for keeping flavour fresh.

## Fruit

Fruit flavours are the most popular family by some distance. They range from single fruits, such as strawberry, watermelon, mango or blueberry, to blends like mixed berries or tropical mixes.

- **Sweet fruits** (mango, strawberry, grape) feel rich and rounded.
- **Sharp fruits** (lemon, lime, sour apple) are brighter and can feel lighter on the palate.
- **Berry blends** sit in between and are a popular all-day choice.

## Ice and menthol

Many flavours come in an "ice" version, and menthol is a long-standing favourite for its cool, clean finish.

**How does "ice" work?** It is not actually cold. Ice flavours use a **cooling agent**, either menthol or a synthetic compound such as WS-23, that activates the cold-sensing receptors in your mouth and throat. Your brain reads that signal as coolness, even though the vapour is at the same temperature as any other. Cooling agents have little taste of their own, which is why they pair so well with fruit.

- **Mint and menthol:** classic cool flavours, from sweet spearmint to sharp peppermint.
- **Fruit ice:** a fruit flavour with a cooling finish, such as watermelon ice or blueberry ice.

## Desserts

Dessert flavours aim to recreate custard, vanilla, cheesecake, biscuits or caramel. They tend to be smooth, rich and sweet, and many people enjoy them as an occasional treat rather than an all-day flavour. Heavy, sweet liquids can wear out a coil a little faster, so you may find yourself changing pods more often.

## Drinks

This family covers flavours inspired by drinks: cola, lemonade, iced tea, coffee and so on. It is worth knowing that UK rules ban **caffeine and taurine** in nicotine e-liquids, so a coffee or energy-drink flavour tastes like the drink but contains neither.

## Tobacco

Tobacco flavours range from light, golden blends to richer, darker styles, sometimes with a hint of caramel or nut. They are a familiar starting point for many adult vapers, though plenty of people find they prefer something completely different within a few weeks.

## Pairing flavour with strength

- **Cooling flavours** can soften the throat hit, which some people find helps at 20 mg/ml.
- **Sweet and dessert flavours** can mask some of the harshness of nicotine, so the strength may feel lower than it is. Go by how you feel, not just by taste.
- **Tobacco flavours** often taste fullest at a higher strength.

Whatever you choose, pick your nicotine strength first and your flavour second. The right strength is what keeps cravings under control.

## Flavour fatigue and rotating

If a flavour you loved suddenly tastes flat, you may be experiencing **flavour fatigue**, sometimes called vaper's tongue. When you use the same flavour all day, every day, your senses adapt and it starts to fade. It usually passes with a few simple changes:

1. **Rotate** between two or three flavours from different families, for example a fruit in the day and a menthol in the evening.
2. **Drink plenty of water.** Vaping can leave your mouth dry, and a dry mouth dulls taste.
3. **Check the pod.** A worn coil also mutes flavour, so if every flavour tastes off, a fresh pod may be the answer.

Multi-pod kits make rotating easy, because you can carry several flavours at once and switch in a moment.

## Finding your favourites

There is no right answer when it comes to flavour. Try one from a couple of different families, give each a few days, and notice which one you keep reaching for. Our product pages list the flavour family for each pod, so once you know what you like, you can find more of it quickly.`;

export const post: SeedPost = {
  slug: "a-guide-to-flavour-families",
  title: "A guide to flavour families",
  excerpt:
    "Fruit, ice, desserts, drinks and tobacco: what sets each flavour family apart, how cooling agents work and how to avoid flavour fatigue.",
  bodyMarkdown: body,
  coverImage: "/images/blog/a-guide-to-flavour-families.svg",
  author: "Megan Lewis",
  publishedAt: "2026-10-01T09:15:00.000Z",
  draft: false,
};
