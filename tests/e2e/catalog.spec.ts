import { expect, test } from "@playwright/test";
import { confirmAgeByCookie, watchConsole } from "./support/shop";

test.beforeEach(async ({ context, baseURL }) => confirmAgeByCookie(context, baseURL!));

test("home shows the banner, devices, flavours, info boxes, reviews and contact block", async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto("/");
  await expect(page).toHaveTitle(/Premium Legal Vapes/);
  await expect(
    page.getByRole("heading", { name: "Premium Legal Vapes. Fresh Flavors. Quick Delivery." }),
  ).toBeVisible();
  await expect(
    page.getByText("Explore top-quality vape devices and pods, legal and ready for fast shipping."),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Explore Device" })).toHaveCount(5);
  for (const box of ["Browse Devices & Flavors", "Order Online or via WhatsApp", "Fast Delivery to Your Door"]) {
    await expect(page.getByRole("heading", { name: box })).toBeVisible();
  }
  await expect(page.getByRole("heading", { name: "Questions or bulk orders?" })).toBeVisible();
  await expect(page.getByText("Chat with us anytime.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Contact Us", exact: true })).toHaveAttribute("href", "/contactus");
  await expect(page.getByRole("link", { name: "WhatsApp Now" })).toHaveAttribute("href", "https://wa.me/447700900123");
  await expect(page.getByRole("link", { name: "View All flavours" })).toHaveAttribute("href", "/flavours");
  const teaser = page.getByRole("region", { name: "From the blog" });
  await expect(teaser.getByRole("article")).toHaveCount(3);
  await expect(teaser.getByRole("link").first()).toHaveAttribute("href", "/blogdetail");

  await page.getByRole("link", { name: "Shop Now" }).click();
  await expect(page).toHaveURL(/\/products$/);
  expect(problems).toEqual([]);
});

test("a visitor filters flavours by device on the home page", async ({ page }) => {
  // The server writes the device links once per catalogue version (decision 055); the browser hydrates them.
  const problems = watchConsole(page);
  await page.goto("/");
  const grid = page.locator("#flavours");
  await grid.getByRole("link", { name: "Hayati Mini 1500" }).click();
  await expect(page).toHaveURL(/\?device=hayati-mini-1500/);
  await expect(grid.getByRole("link", { name: "Hayati Mini 1500" })).toHaveAttribute("aria-current", "true");
  const tags = grid.locator("article span.rounded-full");
  await expect(tags.first()).toHaveText("Hayati Mini 1500");
  expect(new Set(await tags.allTextContents())).toEqual(new Set(["Hayati Mini 1500"]));

  await grid.getByRole("link", { name: "All", exact: true }).click();
  await expect(page).not.toHaveURL(/device=/);
  expect(new Set(await tags.allTextContents()).size).toBeGreaterThan(0);

  await page.goto("/?device=no-such-device");
  await expect(page.getByText("No flavors available for the selected device.")).toBeVisible();
  expect(problems).toEqual([]);
});

test("a visitor filters /flavours with the device select, default All", async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto("/flavours");
  const select = page.getByLabel("Device", { exact: true });
  await expect(select).toHaveValue("");
  await expect(select.locator("option:checked")).toHaveText("All");
  await expect(page.getByText("80 flavours")).toBeVisible();
  await expect(page.locator("article")).toHaveCount(24);
  await select.selectOption({ label: "Hayati Rubik 7000" });
  await expect(page).toHaveURL(/device=hayati-rubik-7000/);
  await expect(page.locator("article")).toHaveCount(16);
  await expect(page.getByRole("navigation", { name: "Pagination" })).toHaveCount(0);
  await expect(select.locator("option:checked")).toHaveText("Hayati Rubik 7000");
  expect(problems).toEqual([]);
});

test("/flavours pages through every flavour, keeping the device filter, with or without JavaScript", async ({
  page,
}) => {
  await page.goto("/flavours");
  const pages = page.getByRole("navigation", { name: "Pagination" });
  await expect(pages.getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
  const links = () => page.locator("article a").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
  const first = await links();
  await pages.getByRole("link", { name: "Next page" }).click();
  await expect(page).toHaveURL(/\/flavours\?page=2$/);
  await expect(page.locator("article")).toHaveCount(24);
  const second = await links();
  expect(second.filter((href) => first.includes(href))).toEqual([]);
  await pages.getByRole("link", { name: "Page 4" }).click();
  await expect(page.locator("article")).toHaveCount(8); // 80 = 3 × 24 + 8
  await expect(pages.getByRole("link", { name: "Next page" })).toHaveCount(0);
  // Past the end, or not a number: the nearest real page.
  await page.goto("/flavours?page=99");
  await expect(pages.getByRole("link", { name: "Page 4" })).toHaveAttribute("aria-current", "page");
  await page.goto("/flavours?page=abc");
  await expect(pages.getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
  await page.goto("/flavours?device=no-such-device");
  await expect(page.getByText("No flavors available for the selected device.")).toBeVisible();
});

test("/flavours page links work without JavaScript and keep the device", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  await confirmAgeByCookie(context, baseURL!);
  const page = await context.newPage();
  await page.goto("/flavours");
  await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Page 2" }).click();
  await expect(page).toHaveURL(/\/flavours\?page=2$/);
  await expect(page.locator("article")).toHaveCount(24);
  await context.close();
});

test("a visitor opens a flavour", async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto("/flavours?device=hayati-pro-max-6000");
  const firstCard = page.locator("article").first();
  const fullName = (await firstCard.getByRole("heading").textContent())!;
  await expect(firstCard).toContainText(/£\d+\.\d{2}/);
  await firstCard.getByRole("link").click();

  await expect(page).toHaveURL(/\/flavour\/[a-z0-9]+$/);
  await expect(page.getByRole("heading", { level: 1, name: fullName })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(fullName));
  const sizes = page.getByRole("group", { name: "Size" }).getByRole("button");
  await expect(sizes.first()).toHaveAttribute("aria-pressed", "true");
  // Size plus mg, each saying it is out of stock, the chosen one too: this flavour is sold out (below), so the page
  // opens on its first size.
  await expect(sizes.first()).toHaveText(/^\d+mg · Out of stock$/);
  await expect(sizes.nth(1)).toHaveText(/^\d+mg · Out of stock$/);
  await expect(
    page.getByRole("group", { name: "Quantity" }).getByRole("button", { name: "Decrease quantity" }),
  ).toBeDisabled();
  await page.getByRole("button", { name: "Increase quantity" }).click();
  await expect(page.getByRole("group", { name: "Quantity" }).locator("output")).toHaveText("2");
  await expect(page.getByRole("note")).toHaveText(
    "This product contains nicotine which is a highly addictive substance.",
  );
  const badges = page.getByRole("list", { name: "Delivery, stock and guarantee" });
  for (const badge of ["Free Delivery", "Guaranteed on arrival", "Against leaks and faults"])
    await expect(badges.getByText(badge, { exact: true })).toBeVisible();
  // A year is a device's guarantee, not a pod's (the Guarantee page): a flavour never promises it.
  await expect(badges.getByText("1 year")).toHaveCount(0);
  // The demo's first flavour of this device (Banana Ice) is sold out: the stock badge says so, no Add to Cart.
  expect(fullName).toBe("Banana Ice");
  await expect(page.getByText("Out of stock").first()).toBeVisible();
  await expect(badges.getByText("Out of stock", { exact: true })).toBeVisible();
  await expect(badges.getByText("In stock", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Add to Cart" })).toBeDisabled();
  expect(problems).toEqual([]);
});

test("a page names the routes of its path and of the folders above it, the same on every request", async ({ page }) => {
  // React Router's route discovery: a flavour's page tells the browser the routes its own path, `/flavour` and `/`
  // lead to. The server remembers what each path matched (docs/decisions/056): asked again, the answer is the same.
  await page.goto("/");
  const flavour = await page.locator('a[href^="/flavour/"]').first().getAttribute("href");
  for (let request = 0; request < 3; request++) {
    const html = await (await page.request.get(flavour!)).text();
    const manifest = /window\.__reactRouterManifest = (\{[\s\S]*?\});\n/.exec(html)?.[1];
    const routes = Object.keys((JSON.parse(manifest!) as { routes: object }).routes).sort();
    expect(routes, `request ${request + 1}`).toEqual([
      "root",
      "routes/flavour-detail",
      "routes/home",
      "routes/not-found",
    ]);
  }
});

test("a visitor opens a device with its defaults and images", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("link", { name: "Explore Device: Crystal Pro Switch 30K" }).click();
  await expect(page).toHaveURL(/\/productdetail\/[a-z0-9]+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Crystal Pro Switch 30K" })).toBeVisible();
  const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(breadcrumb).toHaveText(/Home\s*>\s*Device\s*>\s*Crystal Pro Switch 30K/);

  const strength = page.getByRole("group", { name: "Nicotine Strength" });
  await expect(strength.getByRole("button", { name: "10mg" })).toHaveAttribute("aria-pressed", "true");
  await strength.getByRole("button", { name: "20mg" }).click();
  await expect(strength.getByRole("button", { name: "20mg" })).toHaveAttribute("aria-pressed", "true");
  await expect(strength.getByRole("button", { name: "10mg" })).toHaveAttribute("aria-pressed", "false");
  // This device has no 5000-puff option, so its first puff count is chosen.
  const puffs = page.getByRole("group", { name: "Puff Count" });
  await expect(puffs.getByRole("button", { name: "10000 puffs" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("group", { name: "Flavour" }).getByRole("button").first()).toHaveAttribute(
    "aria-pressed",
    "true",
  );

  const thumbs = page.getByRole("button", { name: /Show image \d of \d/ });
  await expect(thumbs.first()).toHaveAttribute("aria-pressed", "true");
  await thumbs.nth(1).click();
  await expect(thumbs.nth(1)).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("img", { name: "Crystal Pro Switch 30K" })).toHaveAttribute("src", /-2\.svg$/);

  await expect(page.getByRole("heading", { name: "Details" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Specifications" }).getByRole("row").first()).toBeVisible();
  await expect(page.getByRole("note")).toHaveText(
    "This product contains nicotine which is a highly addictive substance.",
  );
});

test("a device offering 5000 puffs and 10 mg opens on them", async ({ page }) => {
  await page.goto("/products?sort=devices");
  await page.getByRole("link", { name: "Hayati Pro Max 6000" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Hayati Pro Max 6000" })).toBeVisible();
  await expect(
    page.getByRole("group", { name: "Puff Count" }).getByRole("button", { name: "5000 puffs" }),
  ).toHaveAttribute("aria-pressed", "true");
  await expect(
    page.getByRole("group", { name: "Nicotine Strength" }).getByRole("button", { name: "10mg" }),
  ).toHaveAttribute("aria-pressed", "true");
});

test("a broken product image falls back to the default image", async ({ page }) => {
  await page.route(/\/images\/catalog\/flavour-.*\.svg$/, (route) => route.fulfill({ status: 404, body: "" }));
  await page.goto("/flavours?device=hayati-mini-1500");
  await expect(page.getByRole("img", { name: "Default product image" }).first()).toBeVisible();
  await expect(page.getByRole("img", { name: "Default product image" }).first()).toHaveAttribute(
    "src",
    "/images/default-product.svg",
  );
});

test("the review carousel shows three of six and wraps both ways", async ({ page }) => {
  await page.goto("/");
  const carousel = page.getByRole("region", { name: "What our customers say" });
  const slides = carousel.getByRole("listitem");
  await expect(slides).toHaveCount(3);
  const first = await slides.first().textContent();
  await carousel.getByRole("button", { name: "Previous review" }).click();
  await expect(slides.nth(1)).toHaveText(first!);
  await carousel.getByRole("button", { name: "Next review" }).click();
  await expect(slides.first()).toHaveText(first!);
  for (let i = 0; i < 6; i++) await carousel.getByRole("button", { name: "Next review" }).click();
  await expect(slides.first()).toHaveText(first!);
  await carousel.getByRole("button", { name: "Next review" }).focus();
  await page.keyboard.press("ArrowLeft");
  await expect(slides.nth(1)).toHaveText(first!);
});

test("the about page shows the figures counted from the shop, the story and four offers", async ({ page }) => {
  await page.goto("/about");
  const figures = page.getByRole("list", { name: "Our figures" });
  for (const label of ["Devices", "Flavours", "Customer reviews"]) await expect(figures).toContainText(label);
  for (const invented of ["400+", "600%", "200+"]) await expect(figures).not.toContainText(invented);
  await expect(page.getByRole("heading", { name: "Our story" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "What we offer" })).toBeVisible();
  await expect(page.locator("ol > li")).toHaveCount(4);
});

test("the header, side menu and footer are on every page", async ({ page }) => {
  await page.goto("/products");
  const nav = page.getByRole("navigation", { name: "Main" });
  for (const link of ["Home", "About", "Blogs", "Contact us"])
    await expect(nav.getByRole("link", { name: link, exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Cart" })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("combobox", { name: "Search devices and flavours" })).toBeVisible();
  const footer = page.getByRole("contentinfo");
  for (const item of [
    "Bonus program",
    "Gift Cards",
    "Credit and Payments",
    "Service and Contracts",
    "Non-Cash Account",
    "Payment",
    "Find an Order",
    "Terms of Delivery",
    "Exchange and return of goods",
    "Guarantee",
    "Frequently asked Questions",
    "Terms of use of the site",
  ]) {
    await expect(footer.getByRole("link", { name: item, exact: true })).toBeVisible();
  }
  // No social pages are configured here: no icons pointing at the networks' home pages (uk-settings.spec.ts sets one).
  await expect(footer.getByRole("list", { name: "Social media" })).toHaveCount(0);
  await footer.getByRole("link", { name: "Terms of Delivery" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Terms of Delivery" })).toBeVisible();

  await page.setViewportSize({ width: 360, height: 800 });
  await page.getByLabel("Menu", { exact: true }).click();
  const side = page.getByRole("navigation", { name: "Side menu" });
  for (const link of ["Home", "About", "Blogs", "Contact us", "Cart"])
    await expect(side.getByRole("link", { name: link, exact: true })).toBeVisible();
  await side.getByRole("link", { name: "About" }).click();
  await expect(page).toHaveURL(/\/about$/);
});
