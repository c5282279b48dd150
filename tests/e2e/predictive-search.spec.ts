import { expect, test, type Page } from "@playwright/test";
import { SEARCH_MAX_LENGTH } from "../../app/modules/catalog/catalog";
import { confirmAgeByCookie, expectNoHorizontalScroll, watchConsole } from "./support/shop";

test.beforeEach(async ({ context, baseURL }) => confirmAgeByCookie(context, baseURL!));

const BOX = "Search devices and flavours";
const headerBox = (page: Page) => page.getByRole("banner").getByRole("combobox", { name: BOX });
const suggestions = (page: Page) => page.getByRole("listbox", { name: "Search suggestions" });

/** The requests to /api/search the page makes from now on. */
function suggestRequests(page: Page): string[] {
  const asked: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname === "/api/search") asked.push(url.searchParams.get("q")!);
  });
  return asked;
}

test("suggestions appear as one types; the arrow keys and Enter open one", async ({ page }) => {
  const problems = watchConsole(page);
  // The page's clock runs as usual, but the test can move it on past the suggestions' wait after a keystroke.
  await page.clock.install();
  await page.goto("/about");
  const box = headerBox(page);
  await expect(box).toHaveAttribute("aria-expanded", "false");
  await expect(box).toHaveAttribute("maxlength", String(SEARCH_MAX_LENGTH));
  const asked = suggestRequests(page);
  await box.pressSequentially("w");
  // A second on: a request for "w" would have been made now, so it would be seen before those typed after.
  await page.clock.runFor(1_000);
  await expect(box).toHaveAttribute("aria-expanded", "false");
  await box.pressSequentially("atermelon bubble", { delay: 20 });

  const list = suggestions(page);
  await expect(box).toHaveAttribute("aria-expanded", "true");
  // The name, the device it fits and the price; the thumbnail is decoration (the name is already said).
  const wanted = list.getByRole("option", { name: "Watermelon Bubblegum Crystal Pro Switch 30K £6.49", exact: true });
  await expect(wanted).toBeVisible();
  await expect(wanted.locator("img")).toHaveAttribute("alt", "");
  const options = list.getByRole("option");
  await expect(options.last()).toHaveAccessibleName("See all results for “watermelon bubble”");
  expect(await options.count()).toBeLessThanOrEqual(7);
  await expect(page.getByRole("banner").getByText(/^(\d+ results?|\d+ of \d+ results)$/)).toBeAttached();
  expect(asked, "one letter asks nothing").not.toContain("w");
  // Debounced: not one request per key (a busy machine may pause between keys long enough for a few).
  expect(asked.length).toBeLessThan("atermelon bubble".length / 2);
  expect(asked.at(-1)).toBe("watermelon bubble");

  // Up from the box goes to the last option; down from there wraps round to the first.
  await box.press("ArrowUp");
  await expect(options.last()).toHaveAttribute("aria-selected", "true");
  await box.press("ArrowDown");
  await expect(options.first()).toHaveAttribute("aria-selected", "true");
  await expect(box).toHaveAttribute("aria-activedescendant", (await options.first().getAttribute("id"))!);
  for (let n = 0; n < 7 && (await wanted.getAttribute("aria-selected")) !== "true"; n++) await box.press("ArrowDown");
  await expect(box).toHaveAttribute("aria-activedescendant", (await wanted.getAttribute("id"))!);
  await box.press("Enter");
  await expect(page).toHaveURL(/\/flavour\/[a-z0-9-]+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Watermelon Bubblegum" })).toBeVisible();
  await expect(list).toBeHidden();
  await expect(box).toHaveAttribute("aria-expanded", "false");
  expect(problems).toEqual([]);
});

test("Escape and a click elsewhere close the suggestions; ArrowDown opens them again", async ({ page }) => {
  await page.goto("/");
  const box = headerBox(page);
  await box.fill("hayati mini");
  const list = suggestions(page);
  await expect(list.getByRole("option")).toHaveCount(7);
  await expect(page.getByRole("banner").getByText(/^6 of \d+ results$/)).toBeAttached();
  await box.press("Escape");
  await expect(list).toBeHidden();
  await expect(box).toHaveAttribute("aria-expanded", "false");
  await expect(box).toHaveValue("hayati mini");

  await box.press("ArrowDown");
  await expect(list.getByRole("option").first()).toHaveAttribute("aria-selected", "true");
  // Elsewhere: the page's footer (the open list may cover the top of the page, as a list over content does).
  await page.getByRole("contentinfo").click({ position: { x: 5, y: 5 } });
  await expect(list).toBeHidden();
  await expect(box).toHaveAttribute("aria-expanded", "false");
});

test("“See all results” and a plain Enter open the search page", async ({ page }) => {
  await page.goto("/");
  const box = headerBox(page);
  await box.fill("hayati mini");
  await suggestions(page).getByRole("option", { name: "See all results for “hayati mini”" }).click();
  await expect(page).toHaveURL(/\/search\?q=hayati\+mini$/);
  await expect(page.getByRole("status")).toHaveText(/^\d+ results for “hayati mini”$/);

  await box.fill("zzzqqq");
  await expect(page.getByRole("banner").getByText("No results", { exact: true })).toBeAttached();
  await expect(suggestions(page).getByRole("option")).toHaveCount(1);
  await box.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=zzzqqq$/);
  await expect(page.getByRole("status")).toHaveText("0 results for “zzzqqq”");
  await expect(suggestions(page)).toBeHidden();
});

test("typing on aborts the request still on its way: its answer never shows", async ({ page }) => {
  await page.goto("/about");
  const aborted: string[] = [];
  page.on("requestfailed", (request) => {
    const url = new URL(request.url());
    if (url.pathname === "/api/search") aborted.push(url.searchParams.get("q")!);
  });
  // The answer for "mango" is held until the next one has shown.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === "/api/search",
    async (route) => {
      if (new URL(route.request().url()).searchParams.get("q") === "mango") await held;
      await route.continue().catch(() => {}); // aborted meanwhile
    },
  );
  const box = headerBox(page);
  const slow = page.waitForRequest((request) => request.url().endsWith("/api/search?q=mango"));
  await box.fill("mango");
  await slow;
  await box.fill("blue razz");
  await expect(
    suggestions(page)
      .getByRole("option", { name: /^Blue Razz Ice / })
      .first(),
  ).toBeVisible();
  release();
  await expect.poll(() => aborted).toEqual(["mango"]);
});

test("on a 360 px phone the box is in the header, in view without the menu, and suggests without scrolling sideways", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/products");
  const box = page.getByRole("banner").getByRole("combobox", { name: BOX });
  await expect(box).toBeVisible();
  const field = (await box.boundingBox())!;
  expect(field.x).toBeGreaterThanOrEqual(0);
  expect(field.width).toBeGreaterThan(240); // a row of its own, not squeezed beside the icons
  await box.fill("blue razz");
  const option = suggestions(page)
    .getByRole("option", { name: /^Blue Razz Ice / })
    .first();
  await expect(option).toBeVisible();
  await expectNoHorizontalScroll(page, "the side menu with suggestions");
  const box360 = await suggestions(page).boundingBox();
  expect(box360!.x).toBeGreaterThanOrEqual(0);
  expect(box360!.x + box360!.width).toBeLessThanOrEqual(360);
  await option.click();
  await expect(page).toHaveURL(/\/flavour\/[a-z0-9-]+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Blue Razz Ice" })).toBeVisible();
});

test("the answer is the same for everyone: browsers keep it a minute, the page cache never does", async ({
  request,
}) => {
  for (let round = 0; round < 2; round++) {
    const response = await request.get("/api/search?q=mango");
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toBe("public, max-age=60");
    expect(response.headers()["x-page-cache"]).toBeUndefined();
    const body = (await response.json()) as { query: string; results: unknown[]; total: number };
    expect(body.query).toBe("mango");
    expect(body.results.length).toBe(Math.min(6, body.total));
  }
  const tooLong = await request.get(`/api/search?q=${"a".repeat(101)}`);
  expect(tooLong.status()).toBe(400);
  expect(await tooLong.json()).toEqual({ message: "Please use at most 100 characters to search." });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the header's box is a plain search form", async ({ page }) => {
    await page.goto("/about");
    const box = page.getByRole("banner").getByRole("searchbox", { name: BOX });
    await box.fill("watermelon");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/search\?q=watermelon$/);
    await expect(page.getByRole("status")).toHaveText(/^\d+ results? for “watermelon”$/);
    await expect(page.getByRole("main").getByRole("article").first()).toBeVisible();
  });
});
