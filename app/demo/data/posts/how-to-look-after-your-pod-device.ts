import type { SeedPost } from "../types";

const body = `Most problems people bring to us (a burnt taste, a leaking pod, a device that flashes and refuses to fire) come down to a few simple habits. Spend a couple of minutes a week on the points below and your pod kit will give you cleaner flavour and last a good deal longer.

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

export const post: SeedPost = {
  slug: "how-to-look-after-your-pod-device",
  title: "How to look after your pod device",
  excerpt:
    "Simple habits for cleaner flavour and fewer problems: cleaning the contacts, priming new pods, charging safely and knowing when a pod needs replacing.",
  bodyMarkdown: body,
  coverImage: "/images/blog/how-to-look-after-your-pod-device.svg",
  author: "Megan Lewis",
  publishedAt: "2026-06-11T09:00:00.000Z",
  draft: false,
};
