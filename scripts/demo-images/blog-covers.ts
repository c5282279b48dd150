/**
 * Writes one cover illustration per demo blog post (drafts included) to public/images/blog/<slug>.svg.
 * Run: npx tsx scripts/demo-images/blog-covers.ts
 *
 * The paths come from demoPosts itself, so the data and the files cannot disagree.
 * Each SVG is 1200x675, has a <title>, and has no text, scripts or external references.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { demoPosts } from "../../app/demo/data/posts";
import type { SeedPost } from "../../app/demo/data/types";
import { hash, r1, random, svg } from "./svg-helpers";

const W = 1200;
const H = 675;
const MAX_BYTES = 4 * 1024;

const PURPLE = "#6d28d9";
const TEAL = "#14b8a6";
const DEEP = "#2e1065";
const LILAC = "#ede9fe";

const root = path.resolve(fileURLToPath(new URL("../..", import.meta.url)));
const publicDir = path.join(root, "public");

/** Soft gradient backdrop with a few translucent blobs placed deterministically from the slug. */
function backdrop(slug: string): string {
  const rnd = random(hash(slug));
  const defs =
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="${LILAC}"/><stop offset="1" stop-color="#ccfbf1"/></linearGradient></defs>`;
  let blobs = "";
  for (let i = 0; i < 4; i++) {
    const cx = r1(rnd() * W);
    const cy = r1(rnd() * H);
    const r = r1(90 + rnd() * 170);
    blobs += `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${i % 2 ? TEAL : PURPLE}" opacity="${i % 2 ? ".12" : ".08"}"/>`;
  }
  return `${defs}<rect width="${W}" height="${H}" fill="url(#bg)"/>${blobs}`;
}

/** A droplet whose tip points up, centred at (cx, cy) with radius r. */
function droplet(cx: number, cy: number, r: number, fill: string, opacity = 1): string {
  const top = cy - r * 2.1;
  return (
    `<path d="M${r1(cx)} ${r1(top)}C${r1(cx + r * 0.6)} ${r1(cy - r * 1.2)} ${r1(cx + r)} ${r1(cy - r * 0.5)} ${r1(cx + r)} ${r1(cy)}` +
    `A${r1(r)} ${r1(r)} 0 0 1 ${r1(cx - r)} ${r1(cy)}C${r1(cx - r)} ${r1(cy - r * 0.5)} ${r1(cx - r * 0.6)} ${r1(cy - r * 1.2)} ${r1(cx)} ${r1(top)}Z" fill="${fill}" opacity="${opacity}"/>`
  );
}

/** A pod device silhouette with a liquid window, centred on cx with its base at by. */
function pod(cx: number, by: number, w: number, h: number): string {
  const x = cx - w / 2;
  const y = by - h;
  return (
    `<rect x="${r1(cx - w * 0.22)}" y="${r1(y - 50)}" width="${r1(w * 0.44)}" height="70" rx="22" fill="${DEEP}"/>` +
    `<rect x="${r1(x)}" y="${r1(y)}" width="${r1(w)}" height="${r1(h)}" rx="48" fill="${PURPLE}"/>` +
    `<rect x="${r1(x + w * 0.2)}" y="${r1(y + 40)}" width="${r1(w * 0.6)}" height="${r1(h * 0.36)}" rx="18" fill="${LILAC}" opacity=".85"/>` +
    `<rect x="${r1(x + w * 0.2)}" y="${r1(y + 40 + h * 0.16)}" width="${r1(w * 0.6)}" height="${r1(h * 0.2)}" rx="18" fill="${TEAL}"/>` +
    `<circle cx="${r1(cx)}" cy="${r1(by - 50)}" r="10" fill="${TEAL}"/>`
  );
}

function podCare(): string {
  return (
    pod(560, 560, 190, 340) +
    droplet(820, 400, 60, TEAL) +
    droplet(900, 250, 30, PURPLE, 0.6) +
    `<circle cx="330" cy="300" r="70" fill="none" stroke="${TEAL}" stroke-width="14" opacity=".7"/>` +
    `<path d="M330 255v45l30 20" fill="none" stroke="${DEEP}" stroke-width="12" stroke-linecap="round"/>`
  );
}

function nicotineStrength(): string {
  // Three drops growing in size on a slider: 0, 10 and 20 mg/ml.
  const drops = [
    [420, 40, 0.45],
    [600, 60, 0.7],
    [780, 80, 1],
  ] as const;
  return (
    `<rect x="300" y="520" width="600" height="16" rx="8" fill="${DEEP}" opacity=".25"/>` +
    `<rect x="300" y="520" width="420" height="16" rx="8" fill="${TEAL}"/>` +
    `<circle cx="720" cy="528" r="26" fill="#fff" stroke="${PURPLE}" stroke-width="10"/>` +
    drops.map(([x, r, o]) => droplet(x, 400, r, PURPLE, o)).join("")
  );
}

function ukRules(): string {
  const shield = `<path d="M430 150l170-60 170 60v150c0 120-80 200-170 250-90-50-170-130-170-250z" fill="${PURPLE}"/>`;
  const check = `<path d="M520 320l55 55 110-120" fill="none" stroke="${LILAC}" stroke-width="30" stroke-linecap="round" stroke-linejoin="round"/>`;
  const scales =
    `<path d="M900 220v300M840 520h120M820 260h160" stroke="${DEEP}" stroke-width="12" stroke-linecap="round"/>` +
    `<path d="M790 360a30 12 0 0 0 60 0h-60zM950 360a30 12 0 0 0 60 0h-60z" fill="${TEAL}"/>` +
    `<path d="M820 260l-30 100M820 260l30 100M980 260l-30 100M980 260l30 100" stroke="${DEEP}" stroke-width="5"/>`;
  return shield + check + scales + `<circle cx="270" cy="470" r="60" fill="${TEAL}" opacity=".5"/>`;
}

function recycling(): string {
  // Three arrows chasing each other round a loop, with a small battery in the middle.
  const cx = 600;
  const cy = 340;
  const r = 190;
  const pt = (deg: number, rad = r) => {
    const a = (deg * Math.PI) / 180;
    return `${r1(cx + rad * Math.cos(a))} ${r1(cy + rad * Math.sin(a))}`;
  };
  let arrows = "";
  for (let i = 0; i < 3; i++) {
    const start = -90 + i * 120 + 12;
    const end = start + 88;
    const colour = i === 1 ? TEAL : PURPLE;
    arrows +=
      `<path d="M${pt(start)}A${r} ${r} 0 0 1 ${pt(end)}" fill="none" stroke="${colour}" stroke-width="34" stroke-linecap="round"/>` +
      `<path d="M${pt(end + 14)}L${pt(end - 4, r + 42)}L${pt(end - 4, r - 42)}Z" fill="${colour}"/>`;
  }
  const battery =
    `<rect x="550" y="270" width="100" height="150" rx="18" fill="${DEEP}"/>` +
    `<rect x="580" y="252" width="40" height="22" rx="6" fill="${DEEP}"/>` +
    `<rect x="568" y="340" width="64" height="62" rx="10" fill="${TEAL}"/>`;
  return arrows + battery;
}

function flavourFamilies(): string {
  const fruits = [
    [430, 300, 110, PURPLE],
    [640, 400, 130, TEAL],
    [810, 250, 90, DEEP],
    [330, 480, 60, TEAL],
  ] as const;
  let out = "";
  for (const [x, y, r, c] of fruits) {
    out +=
      `<circle cx="${x}" cy="${y}" r="${r}" fill="${c}" opacity=".85"/>` +
      `<circle cx="${r1(x - r * 0.35)}" cy="${r1(y - r * 0.35)}" r="${r1(r * 0.22)}" fill="#fff" opacity=".35"/>` +
      `<path d="M${x} ${y - r}q${r1(r * 0.2)} ${r1(-r * 0.45)} ${r1(r * 0.55)} ${r1(-r * 0.4)}" fill="none" stroke="${DEEP}" stroke-width="8" stroke-linecap="round"/>`;
  }
  // A snowflake-like star for the ice family.
  out += `<path d="M960 420v120M900 450l120 60M900 510l120-60" stroke="${TEAL}" stroke-width="12" stroke-linecap="round"/>`;
  return out;
}

function firstMonth(): string {
  let cells = "";
  for (let row = 0; row < 4; row++) {
    for (let col = 0; col < 7; col++) {
      const x = 380 + col * 66;
      const y = 270 + row * 62;
      const done = row * 7 + col < 18;
      cells += `<rect x="${x}" y="${y}" width="50" height="46" rx="10" fill="${done ? TEAL : LILAC}" opacity="${done ? ".8" : "1"}"/>`;
    }
  }
  return (
    `<rect x="350" y="150" width="500" height="410" rx="36" fill="#fff"/>` +
    `<rect x="350" y="150" width="500" height="96" rx="36" fill="${PURPLE}"/>` +
    `<rect x="350" y="200" width="500" height="46" fill="${PURPLE}"/>` +
    `<rect x="450" y="120" width="24" height="70" rx="12" fill="${DEEP}"/><rect x="726" y="120" width="24" height="70" rx="12" fill="${DEEP}"/>` +
    cells +
    `<circle cx="930" cy="200" r="44" fill="${TEAL}" opacity=".6"/>`
  );
}

function autumnDraft(): string {
  const leaves = [
    [480, 330, -30, PURPLE],
    [640, 280, 20, TEAL],
    [760, 420, 60, DEEP],
    [560, 470, -70, TEAL],
  ] as const;
  return leaves
    .map(
      ([x, y, rot, c]) =>
        `<g transform="rotate(${rot} ${x} ${y})"><ellipse cx="${x}" cy="${y}" rx="110" ry="55" fill="${c}" opacity=".85"/>` +
        `<path d="M${x - 110} ${y}H${x + 100}" stroke="${LILAC}" stroke-width="6" opacity=".7"/></g>`,
    )
    .join("");
}

const illustrations: Record<string, () => string> = {
  "how-to-look-after-your-pod-device": podCare,
  "choosing-the-right-nicotine-strength": nicotineStrength,
  "what-the-uk-vaping-rules-mean-for-you": ukRules,
  "how-to-recycle-your-vape-and-pods": recycling,
  "a-guide-to-flavour-families": flavourFamilies,
  "switching-from-smoking-your-first-month": firstMonth,
  "coming-soon-our-autumn-flavour-line-up": autumnDraft,
};

export function blogCoverSvg(post: SeedPost): string {
  const art = illustrations[post.slug] ?? (() => pod(600, 540, 180, 320));
  return svg(W, H, post.title, backdrop(post.slug) + art());
}

for (const post of demoPosts) {
  const file = path.join(publicDir, post.coverImage);
  if (!post.coverImage.startsWith("/images/blog/") || !file.startsWith(path.join(publicDir, "images", "blog"))) {
    throw new Error(`Unexpected cover path for ${post.slug}: ${post.coverImage}`);
  }
  const content = blogCoverSvg(post);
  const bytes = Buffer.byteLength(content);
  if (bytes >= MAX_BYTES) throw new Error(`${post.coverImage} is ${bytes} bytes (limit ${MAX_BYTES})`);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  console.log(`${post.coverImage} ${bytes} B`);
}
