import {
  expect,
  type APIRequestContext,
  type APIResponse,
  type BrowserContext,
  type Locator,
  type Page,
} from "@playwright/test";

/** Skips the 18+ dialog for journeys that are not about it (the dialog has its own journey). */
export async function confirmAgeByCookie(context: BrowserContext, baseURL: string) {
  await context.addCookies([{ name: "age_verified", value: "yes", url: baseURL }]);
}

/** The promises under Add to Cart on an item's page: delivery, its stock (the chosen variant's) and the guarantee. */
export const promises = (page: Page) => page.getByRole("list", { name: "Delivery, stock and guarantee" });

/** The card in a list whose link is named `name` (the full name, whatever the card shows). */
export const cardNamed = (page: Page, name: string) =>
  page
    .getByRole("main")
    .getByRole("article")
    .filter({ has: page.getByRole("link", { name, exact: true }) });

/** Collects console errors and failed page scripts (CSP violations show up here). */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  return problems;
}

export async function expectNoHorizontalScroll(page: Page, what = page.url()) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${what} scrolls sideways`).toBeLessThanOrEqual(0);
}

let addressCounter = 0;
/** A client address of its own for this test (the e2e server trusts one proxy hop). */
export function ownClientAddress(): Record<string, string> {
  addressCounter++;
  return { "x-forwarded-for": `198.51.100.${(process.pid % 200) + addressCounter}` };
}

/**
 * GET until the page cache answers (a page is stored as its first answer ends; another journey's catalogue change
 * may drop it meanwhile): the cached response.
 */
export async function cachedGet(
  request: APIRequestContext,
  path: string,
  headers: Record<string, string> = {},
): Promise<APIResponse> {
  let response = await request.get(path, { headers });
  for (let tries = 0; response.headers()["x-page-cache"] !== "hit" && tries < 20; tries++)
    response = await request.get(path, { headers });
  expect(response.headers()["x-page-cache"], `${path} from the page cache`).toBe("hit");
  return response;
}

/**
 * Scrolled to, the element is on the screen and nothing of it is cut off at the sides (a narrow phone's check): its
 * box lies within the page's width, and no box around it hides it (the ratio leaves a pixel's rounding).
 */
export async function expectWhollyOnScreen(target: Locator) {
  await target.scrollIntoViewIfNeeded();
  await expect(target).toBeInViewport({ ratio: 0.95 });
  // Where it lies on the page, not in the window: scrolling sideways to it does not count.
  const box = (await target.boundingBox())!;
  const x = box.x + (await target.page().evaluate(() => window.scrollX));
  const width = target.page().viewportSize()!.width;
  expect(Math.round(x), "cut off at the left").toBeGreaterThanOrEqual(0);
  expect(Math.round(x + box.width), "cut off at the right").toBeLessThanOrEqual(width);
}
