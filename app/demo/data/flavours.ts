import type { SeedFlavour } from "./types";
import { flavours as crystalProSwitch30k } from "./flavours/crystal-pro-switch-30k";
import { flavours as hayatiProMax6000 } from "./flavours/hayati-pro-max-6000";
import { flavours as hayatiRubik7000 } from "./flavours/hayati-rubik-7000";
import { flavours as hayatiMini1500 } from "./flavours/hayati-mini-1500";
import { flavours as crystalProCp10k } from "./flavours/crystal-pro-cp-10k";

/**
 * The demo flavours: 16 per device, one file per device under flavours/. Most are 2 ml pre-filled pods; a few are
 * 10 ml nicotine-salt refill bottles (podMl null, bottleMl 10) for the refillable devices. Sizes are the nicotine
 * strengths offered, in mg/ml.
 */
export const demoFlavours: SeedFlavour[] = [...crystalProSwitch30k, ...hayatiProMax6000, ...hayatiRubik7000, ...hayatiMini1500, ...crystalProCp10k];
