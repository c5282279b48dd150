// How long an upload's variants take to make (docs/decisions/018): a phone-sized photograph, made here, turned into
// every AVIF and WebP width by the code the back office runs. Usage: npx tsx bench/time-image-variants.ts [runs]
import sharp from "sharp";
import { VARIANT_WIDTHS } from "~/lib/image-variants";
import { makeVariants } from "~/modules/admin/catalog/image-variants.service.server";

const runs = Number(process.argv[2] ?? 3);

/** A 12 MP (4032×3024) photograph-like JPEG: soft shapes from blurred noise, a light grain, as a phone saves it. */
async function phonePhoto(width = 4032, height = 3024): Promise<Buffer> {
  const soft = await sharp({
    create: {
      width: width / 8,
      height: height / 8,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 60 },
    },
  })
    .resize(width, height, { kernel: "cubic" })
    .blur(6)
    .raw()
    .toBuffer();
  let seed = 7;
  for (let i = 0; i < soft.length; i++) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    soft[i] = Math.max(0, Math.min(255, soft[i]! * 0.8 + 25 + ((seed % 13) - 6)));
  }
  return sharp(soft, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

const photo = await phonePhoto();
console.log(
  `photo: 4032×3024 JPEG, ${(photo.length / 1e6).toFixed(2)} MB; ${runs} runs; libvips ${sharp.versions.vips}, ${sharp.concurrency()} threads`,
);
const times: number[] = [];
let sizes = "";
for (let run = 0; run < runs; run++) {
  const start = performance.now();
  const made = await makeVariants(photo, "photo.jpg");
  times.push(performance.now() - start);
  if (!made.ok) throw new Error(made.reason);
  sizes = VARIANT_WIDTHS.map((w) => {
    const kb = (ext: string) =>
      (made.variants.find((v) => v.fileName === `photo-${w}.${ext}`)!.bytes.length / 1024).toFixed(0);
    return `${w}: AVIF ${kb("avif")} KB, WebP ${kb("webp")} KB`;
  }).join("; ");
}
times.sort((a, b) => a - b);
console.log(
  `all 8 variants: ${times.map((t) => `${Math.round(t)} ms`).join(", ")} (median ${Math.round(times[Math.floor(times.length / 2)]!)} ms)`,
);
console.log(sizes);
