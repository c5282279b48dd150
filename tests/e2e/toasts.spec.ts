import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator } from "@playwright/test";
import { addFlavourToCart } from "./support/checkout";
import { confirmAgeByCookie, expectNoHorizontalScroll, ownClientAddress } from "./support/shop";

test.beforeEach(async ({ context, baseURL }) => {
  await confirmAgeByCookie(context, baseURL!);
  await context.setExtraHTTPHeaders(ownClientAddress());
});

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * The contrast ratio (WCAG 2) of an element's text colour on the toast's background, with the element's opacity
 * blended in as the browser paints it.
 */
async function contrastOn(element: Locator, toast: Locator): Promise<number> {
  const background = await toast.evaluate((el) => getComputedStyle(el).backgroundColor);
  return element.evaluate((el, bg) => {
    const parse = (css: string) => {
      const numbers = css.match(/[\d.]+/g)!.map(Number);
      return { rgb: numbers.slice(0, 3), alpha: numbers[3] ?? 1 };
    };
    const style = getComputedStyle(el);
    const back = parse(bg).rgb;
    const color = parse(style.color);
    const alpha = color.alpha * Number(style.opacity);
    const fore = color.rgb.map((c, i) => c * alpha + back[i]! * (1 - alpha));
    const luminance = (c: number[]) =>
      c
        .map((v) => v / 255)
        .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
        .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i]!, 0);
    const [light, dark] = [luminance(fore), luminance(back)].sort((a, b) => b - a);
    return (light! + 0.05) / (dark! + 0.05);
  }, background);
}

for (const viewport of [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
]) {
  test(`at ${viewport.width} px a toast is readable and leaves the header's cart and account links uncovered`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await addFlavourToCart(page, "hayati-mini-1500", 0);
    const toast = page.getByRole("alert").filter({ hasText: "Flavor added to cart!" });
    await expect(toast).toBeVisible();
    await toast.hover(); // paused while the pointer is on it, so it stays for the checks
    await toast.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished))); // in place, not sliding in

    const banner = page.getByRole("banner");
    const links = [banner.getByRole("link", { name: /^Cart/ }), banner.getByRole("link", { name: "Sign in" })];
    const toastBox = (await toast.boundingBox())!;
    const headerBox = (await banner.boundingBox())!;
    expect(toastBox.y, "the toast starts below the header").toBeGreaterThanOrEqual(headerBox.y + headerBox.height);
    for (const link of links) {
      await expect(link).toBeVisible();
      const box = (await link.boundingBox())!;
      expect(overlaps(toastBox, box), `toast ${JSON.stringify(toastBox)} over ${JSON.stringify(box)}`).toBe(false);
    }
    expect(toastBox.x).toBeGreaterThanOrEqual(0);
    expect(toastBox.x + toastBox.width).toBeLessThanOrEqual(viewport.width);
    await expectNoHorizontalScroll(page);

    const axe = await new AxeBuilder({ page }).include(".Toastify").withRules(["color-contrast"]).analyze();
    expect(axe.violations.flatMap((v) => v.nodes.map((n) => n.failureSummary))).toEqual([]);
    expect(axe.passes.length, "axe looked at the toast's text").toBeGreaterThan(0);
    expect(await contrastOn(toast, toast)).toBeGreaterThanOrEqual(4.5);
    const close = toast.getByRole("button", { name: "close" });
    expect(await contrastOn(close, toast)).toBeGreaterThanOrEqual(4.5);
    const closeBox = (await close.boundingBox())!;
    expect(Math.min(closeBox.width, closeBox.height)).toBeGreaterThanOrEqual(24);

    await close.click();
    await expect(toast).toHaveCount(0);
  });
}
