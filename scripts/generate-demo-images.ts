/**
 * Writes every image the demo catalogue refers to, as small self-contained SVGs under public/images/.
 * Run: npx tsx scripts/generate-demo-images.ts
 *
 * The paths come from the seed data itself, so the data and the files cannot disagree.
 * Each SVG has a <title>, no scripts, no external references and no text apart from avatar initials.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { demoDevices } from "../app/demo/data/devices";
import { demoFlavours } from "../app/demo/data/flavours";
import { demoReviews } from "../app/demo/data/reviews";
import type { SeedDevice, SeedFlavour, SeedReview } from "../app/demo/data/types";
import { escapeXml, hash, random, hsl, r1, svg } from "./demo-images/svg-helpers";

const MAX_BYTES = 3 * 1024;
const root = path.resolve(fileURLToPath(new URL("..", import.meta.url)));
const publicDir = path.join(root, "public");

// ---------------------------------------------------------------- devices

type Shape = { w: number; h: number; r: number; hue: number; sat: number };

const deviceShapes: Record<string, Shape> = {
  "crystal-pro-switch-30k": { w: 190, h: 300, r: 48, hue: 268, sat: 62 },
  "hayati-pro-max-6000": { w: 120, h: 340, r: 40, hue: 192, sat: 70 },
  "hayati-rubik-7000": { w: 220, h: 220, r: 36, hue: 330, sat: 65 },
  "hayati-mini-1500": { w: 96, h: 250, r: 40, hue: 150, sat: 55 },
  "crystal-pro-cp-10k": { w: 170, h: 320, r: 30, hue: 210, sat: 75 },
};

function deviceShape(slug: string): Shape {
  return deviceShapes[slug] ?? { w: 150, h: 300, r: 40, hue: hash(slug) % 360, sat: 60 };
}

/** One device silhouette centred on (cx, baseline): rounded body, mouthpiece, pod window, status light. */
function deviceBody(s: Shape, cx: number, baseline: number, rotate: number, scale = 1): string {
  const w = s.w * scale;
  const h = s.h * scale;
  const x = cx - w / 2;
  const y = baseline - h;
  const mw = Math.max(40, w * 0.42);
  const mh = 46 * scale;
  const win = `<rect x="${r1(x + w * 0.2)}" y="${r1(y + h * 0.1)}" width="${r1(w * 0.6)}" height="${r1(h * 0.32)}" rx="${r1(14 * scale)}" fill="#fff" opacity=".35"/>`;
  return (
    `<g transform="rotate(${rotate} ${r1(cx)} ${r1(baseline - h / 2)})">` +
    `<rect x="${r1(cx - mw / 2)}" y="${r1(y - mh + 10)}" width="${r1(mw)}" height="${r1(mh)}" rx="${r1(mw / 3)}" fill="#2b2b33"/>` +
    `<rect x="${r1(x)}" y="${r1(y)}" width="${r1(w)}" height="${r1(h)}" rx="${r1(s.r * scale)}" fill="url(#b)"/>` +
    win +
    `<rect x="${r1(x + w * 0.12)}" y="${r1(y + 8)}" width="${r1(w * 0.1)}" height="${r1(h - 16)}" rx="${r1(w * 0.05)}" fill="#fff" opacity=".18"/>` +
    `<circle cx="${r1(cx)}" cy="${r1(baseline - h * 0.16)}" r="${r1(9 * scale)}" fill="${hsl(s.hue, 90, 85)}"/>` +
    `</g>`
  );
}

function deviceSvg(device: SeedDevice, index: number): string {
  const s = deviceShape(device.slug);
  const defs =
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hsl(s.hue, 60, 97)}"/><stop offset="1" stop-color="${hsl(s.hue, 45, 87)}"/></linearGradient>` +
    `<linearGradient id="b" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${hsl(s.hue, s.sat, 58)}"/><stop offset="1" stop-color="${hsl(s.hue, s.sat, 36)}"/></linearGradient></defs>`;
  let scene = `<rect width="600" height="600" fill="url(#g)"/>`;
  scene += `<circle cx="300" cy="290" r="210" fill="#fff" opacity=".45"/>`;
  const baseline = 300 + Math.min(s.h, 300) / 2 + 20;
  scene += `<ellipse cx="300" cy="${r1(baseline + 14)}" rx="${r1(s.w * 0.8 + 40)}" ry="18" fill="#000" opacity=".08"/>`;
  if (index === 1) {
    scene += deviceBody(s, 300, baseline, 0);
  } else if (index === 2) {
    scene += deviceBody(s, 330, baseline, 14);
    // a spare pod leaning beside it
    const px = 300 - s.w / 2 - 70;
    scene += `<rect x="${r1(px)}" y="${r1(baseline - 150)}" width="70" height="150" rx="24" fill="${hsl(s.hue, s.sat, 70)}"/>`;
    scene += `<rect x="${r1(px + 20)}" y="${r1(baseline - 176)}" width="30" height="32" rx="10" fill="#2b2b33"/>`;
  } else {
    scene += deviceBody(s, 220, baseline, -8, 0.8);
    scene += deviceBody(s, 380, baseline, 8, 0.8);
  }
  return svg(600, 600, device.name, defs + scene);
}

// ---------------------------------------------------------------- flavours

/** Colour hints for words that name a fruit or taste: [hue, saturation, lightness]. */
const tasteColours: [RegExp, [number, number, number]][] = [
  [/blueberr|blue|razz/, [225, 75, 55]],
  [/watermelon/, [352, 75, 60]],
  [/strawberr/, [355, 80, 55]],
  [/cherr/, [345, 75, 42]],
  [/raspberr/, [332, 70, 55]],
  [/grape|cranberr/, [280, 50, 45]],
  [/blackcurrant|blackberr/, [290, 45, 32]],
  [/mango/, [38, 95, 55]],
  [/peach/, [22, 90, 68]],
  [/orange|tiger/, [28, 95, 55]],
  [/lemon/, [52, 95, 58]],
  [/lime|kiwi|sour apple|apple/, [90, 60, 50]],
  [/red apple/, [4, 75, 50]],
  [/pineapple|banana|pina/, [48, 90, 58]],
  [/menthol|mint/, [160, 55, 50]],
  [/cola/, [18, 55, 28]],
  [/tobacco/, [30, 45, 35]],
  [/choc/, [20, 45, 25]],
  [/lychee|pink|bubblegum|gummy/, [335, 70, 72]],
  [/passion|dragonfruit|guava/, [300, 45, 50]],
  [/melon|honeydew/, [80, 55, 65]],
  [/vanilla|custard|crumble|tart|coconut/, [42, 70, 72]],
  [/candy|rainbow|salad|energy|berr|rhubarb/, [315, 60, 58]],
];

/** The colours a flavour name suggests, in the order the words appear; falls back to a hue hashed from the name. */
function flavourColours(name: string): [number, number, number][] {
  const lower = name.toLowerCase();
  const found: { at: number; c: [number, number, number] }[] = [];
  for (const [re, c] of tasteColours) {
    const m = re.exec(lower);
    if (m && !found.some((f) => f.at === m.index)) found.push({ at: m.index, c });
  }
  // "Red Apple" should win over the generic apple colour at the same position.
  found.sort((a, b) => a.at - b.at);
  const colours = found.map((f) => f.c);
  const h = hash(name) % 360;
  if (colours.length === 0) colours.push([h, 70, 58]);
  if (colours.length === 1) colours.push([(h + 40) % 360, 65, 62]);
  return colours.slice(0, 3);
}

function flavourSvg(flavour: SeedFlavour, second: boolean): string {
  const colours = flavourColours(flavour.name);
  const [h, sat, lig] = colours[0] ?? [0, 60, 55];
  const rand = random(hash(flavour.slug + (second ? "-2" : "")));
  const lower = flavour.name.toLowerCase();
  const icy = /\bice\b|menthol|mint/.test(lower);
  const leafy = /mint|menthol|tobacco|apple|lime|kiwi|strawberr|peach|cherr|mango|pineapple/.test(lower);

  let s =
    `<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hsl(h, 55, 96)}"/><stop offset="1" stop-color="${hsl(h, 50, 86)}"/></linearGradient>` +
    `<linearGradient id="p" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${hsl(h, sat, Math.min(lig + 12, 85))}"/><stop offset="1" stop-color="${hsl(h, sat, Math.max(lig - 14, 15))}"/></linearGradient></defs>` +
    `<rect width="600" height="600" fill="url(#g)"/>`;

  // fruit circles in the background, coloured by the words in the name
  for (let i = 0; i < 5; i++) {
    const [ch, cs, cl] = colours[i % colours.length] ?? [h, sat, lig];
    const side = i % 2 === 0 ? -1 : 1;
    const cx = 300 + side * (140 + rand() * 100);
    const cy = 110 + rand() * 390;
    const r = 30 + rand() * 36;
    s += `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(r)}" fill="${hsl(ch, cs, cl)}" opacity=".85"/>`;
    s += `<circle cx="${r1(cx - r * 0.3)}" cy="${r1(cy - r * 0.3)}" r="${r1(r * 0.25)}" fill="#fff" opacity=".4"/>`;
    if (leafy && i < 2) {
      s += `<ellipse cx="${r1(cx + r * 0.5)}" cy="${r1(cy - r)}" rx="${r1(r * 0.45)}" ry="${r1(r * 0.2)}" fill="${hsl(120, 45, 40)}" transform="rotate(-30 ${r1(cx + r * 0.5)} ${r1(cy - r)})"/>`;
    }
  }
  if (icy) {
    for (let i = 0; i < 3; i++) {
      const x = 90 + rand() * 420;
      const y = 60 + rand() * 120;
      s += `<rect x="${r1(x)}" y="${r1(y)}" width="44" height="44" rx="8" fill="#d4efff" stroke="#86c5ec" stroke-width="3" opacity=".9" transform="rotate(${r1(rand() * 40 - 20)} ${r1(x + 22)} ${r1(y + 22)})"/>`;
    }
  }

  const tilt = second ? -10 : 0;
  if (flavour.bottleMl != null) {
    // 10 ml dropper bottle
    s +=
      `<g transform="rotate(${tilt} 300 360)">` +
      `<rect x="270" y="150" width="60" height="70" rx="10" fill="#2b2b33"/>` +
      `<rect x="284" y="118" width="32" height="40" rx="12" fill="#2b2b33"/>` +
      `<rect x="220" y="210" width="160" height="280" rx="34" fill="url(#p)"/>` +
      `<rect x="240" y="290" width="120" height="120" rx="14" fill="#fff" opacity=".8"/>` +
      `<rect x="236" y="226" width="16" height="240" rx="8" fill="#fff" opacity=".25"/></g>`;
  } else {
    // 2 ml pod
    s +=
      `<g transform="rotate(${tilt} 300 340)">` +
      `<rect x="262" y="140" width="76" height="64" rx="22" fill="#2b2b33"/>` +
      `<rect x="215" y="190" width="170" height="300" rx="48" fill="url(#p)"/>` +
      `<rect x="240" y="230" width="120" height="150" rx="26" fill="#fff" opacity=".35"/>` +
      `<rect x="240" y="${r1(330 - rand() * 60)}" width="120" height="50" rx="20" fill="${hsl(h, sat, Math.max(lig - 20, 12))}" opacity=".5"/>` +
      `<rect x="231" y="206" width="14" height="266" rx="7" fill="#fff" opacity=".25"/></g>`;
  }
  return svg(600, 600, flavour.name + (second ? " (alternative view)" : ""), s);
}

// ---------------------------------------------------------------- reviews, placeholder, banner

function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((part) =>
      part
        .replace(/[^A-Za-z]/g, "")
        .charAt(0)
        .toUpperCase(),
    )
    .join("")
    .slice(0, 2);
}

function reviewSvg(review: SeedReview): string {
  const h = hash(review.name) % 360;
  const body =
    `<circle cx="80" cy="80" r="80" fill="${hsl(h, 55, 45)}"/>` +
    `<circle cx="80" cy="80" r="72" fill="none" stroke="#fff" stroke-width="2" opacity=".35"/>` +
    `<text x="80" y="80" dy=".35em" text-anchor="middle" font-family="system-ui, -apple-system, Segoe UI, Roboto, sans-serif" font-size="56" font-weight="600" fill="#fff">${escapeXml(initials(review.name))}</text>`;
  return svg(160, 160, review.name, body);
}

function defaultProductSvg(): string {
  const body =
    `<rect width="600" height="600" fill="#f1f1f4"/>` +
    `<rect x="170" y="170" width="260" height="260" rx="28" fill="none" stroke="#c4c4cc" stroke-width="12"/>` +
    `<circle cx="250" cy="250" r="26" fill="#c4c4cc"/>` +
    `<path d="M182 410 L270 310 L330 370 L370 330 L418 410 Z" fill="#c4c4cc"/>`;
  return svg(600, 600, "No image available", body);
}

function bannerSvg(): string {
  const defs =
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1a0933"/><stop offset=".55" stop-color="#2a1057"/><stop offset="1" stop-color="#0b4f5c"/></linearGradient>` +
    `<radialGradient id="t" cx=".8" cy=".75" r=".6"><stop offset="0" stop-color="#19b3a6" stop-opacity=".55"/><stop offset="1" stop-color="#19b3a6" stop-opacity="0"/></radialGradient>` +
    `<radialGradient id="v" cx=".2" cy=".2" r=".5"><stop offset="0" stop-color="#9b5cf6" stop-opacity=".45"/><stop offset="1" stop-color="#9b5cf6" stop-opacity="0"/></radialGradient>` +
    `<filter id="f" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="40"/></filter></defs>`;
  const rand = random(hash("banner"));
  let clouds = "";
  for (let i = 0; i < 9; i++) {
    const cx = 80 + i * 180 + rand() * 60;
    const cy = 160 + rand() * 300;
    clouds += `<ellipse cx="${r1(cx)}" cy="${r1(cy)}" rx="${r1(120 + rand() * 140)}" ry="${r1(40 + rand() * 50)}" fill="#fff" opacity="${(0.05 + rand() * 0.08).toFixed(2)}" transform="rotate(${r1(rand() * 30 - 15)} ${r1(cx)} ${r1(cy)})"/>`;
  }
  const wisps =
    `<path d="M-50 420 C250 300 450 520 760 380 S1250 260 1650 360" fill="none" stroke="#fff" stroke-width="60" opacity=".06"/>` +
    `<path d="M-50 250 C300 160 520 330 860 220 S1300 120 1650 200" fill="none" stroke="#7fe3d8" stroke-width="40" opacity=".07"/>`;
  const body =
    defs +
    `<rect width="1600" height="600" fill="url(#g)"/><rect width="1600" height="600" fill="url(#v)"/><rect width="1600" height="600" fill="url(#t)"/>` +
    `<g filter="url(#f)">${clouds}${wisps}</g>`;
  return svg(1600, 600, "Abstract purple and teal vapour background", body);
}

// ---------------------------------------------------------------- collect and write

const files = new Map<string, string>();

function add(webPath: string, content: string): void {
  const existing = files.get(webPath);
  if (existing !== undefined && existing !== content) throw new Error(`Two different images for ${webPath}`);
  files.set(webPath, content);
}

for (const device of demoDevices) {
  device.images.forEach((img, i) => add(img, deviceSvg(device, (i % 3) + 1)));
}
for (const flavour of demoFlavours) {
  flavour.images.forEach((img, i) => add(img, flavourSvg(flavour, i > 0)));
}
for (const review of demoReviews) add(review.image, reviewSvg(review));
add("/images/default-product.svg", defaultProductSvg());
add("/images/banner.svg", bannerSvg());

let total = 0;
for (const [webPath, content] of files) {
  const bytes = Buffer.byteLength(content);
  if (bytes > MAX_BYTES) throw new Error(`${webPath} is ${bytes} bytes, over the ${MAX_BYTES}-byte limit`);
  const target = path.join(publicDir, webPath);
  if (!target.startsWith(publicDir + path.sep)) throw new Error(`Refusing to write outside public/: ${webPath}`);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, content);
  total += bytes;
}
console.log(
  `Wrote ${files.size} images (${(total / 1024).toFixed(1)} KB) under ${path.relative(root, publicDir)}/images`,
);
