import { expect, test, type Page } from "@playwright/test";
import { formatMoney } from "../../app/lib/money";
import { shippingOptions } from "../../app/modules/checkout/shipping";
import { signedUp, uniqueEmail } from "./support/accounts";
import { addAddress } from "./support/checkout";
import { cardNamed, confirmAgeByCookie, ownClientAddress, promises } from "./support/shop";
import { setFlavourStock } from "./support/stock";

// Issue 18, "a shop that reads as trustworthy": what the catalogue promises is what the shop does.

test.beforeEach(async ({ context, baseURL }) => {
  await confirmAgeByCookie(context, baseURL!);
  await context.setExtraHTTPHeaders(ownClientAddress());
});

// The e2e shop's currency is the default, pounds sterling.
const expressPrice = formatMoney(shippingOptions.express.priceCents, "GBP");
const freeLine = `${shippingOptions.free.name} within ${shippingOptions.free.deliveryDays} days`;
const expressLine = `${shippingOptions.express.name} ${expressPrice} within ${shippingOptions.express.deliveryDays} days`;

async function openDevice(page: Page, name: string) {
  await page.goto("/products?sort=devices");
  await page.getByRole("link", { name, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
}

test("the delivery badge states the checkout's shipping options, as its shipping step offers them", async ({
  page,
}) => {
  test.setTimeout(120_000); // sign-up and two checkout steps
  expect([freeLine, expressLine]).toEqual(["Free Shipping within 15 days", "Express Shipping £8.50 within 3 days"]);
  await signedUp(page, uniqueEmail("badge"));
  await openDevice(page, "Hayati Pro Max 6000");
  const badges = promises(page);
  await expect(badges).toContainText("Free Delivery");
  await expect(badges.getByText(freeLine, { exact: true })).toBeVisible();
  await expect(badges.getByText(expressLine, { exact: true })).toBeVisible();
  await expect(badges.getByText("Guaranteed", { exact: true })).toBeVisible();
  await expect(badges.getByText("1 year", { exact: true })).toBeVisible();
  await expect(page.getByText("1-2 day")).toHaveCount(0);

  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await page.getByRole("link", { name: "Checkout" }).click();
  await addAddress(page);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/cart-shipping$/);
  // The step's own words and prices: Free Shipping costs nothing, Express Shipping what the badge says.
  await expect(page.getByRole("radio", { name: new RegExp(`^${shippingOptions.free.name}\\b`) })).toHaveAccessibleName(
    new RegExp(`${formatMoney(0, "GBP")}$`),
  );
  await expect(
    page.getByRole("radio", { name: new RegExp(`^${shippingOptions.express.name}\\b`) }),
  ).toHaveAccessibleName(new RegExp(`${expressPrice}$`));

  // A chosen day costs what Express does, and is offered from the day Express would come, Monday to Saturday only.
  const schedule = page.getByRole("radio", { name: /^Scheduled Delivery\b/ });
  await expect(schedule).toHaveAccessibleName(new RegExp(`Pick a day, Monday to Saturday, from .+ ${expressPrice}$`));
  await schedule.check();
  const days = page.getByRole("dialog", { name: "Pick a delivery day" }).getByRole("button", { name: /\d{4}$/ });
  await expect(days.first()).toBeVisible();
  const offered = await days.allTextContents();
  // Express's day comes first (or the Monday after, when Express would come on a Sunday).
  const expressDay = (await page
    .getByText(/^Delivered by /)
    .nth(1)
    .textContent())!.replace("Delivered by ", "");
  expect(offered[0] === expressDay || expressDay.startsWith("Sun ")).toBe(true);
  expect(offered.length).toBeGreaterThanOrEqual(10);
  for (const day of offered) expect(day).toMatch(/^(Mon|Tue|Wed|Thu|Fri|Sat) \d{1,2} [A-Z][a-z]{2} \d{4}$/);
  await days.nth(1).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(schedule).toHaveAccessibleName(new RegExp(`^Scheduled Delivery On ${offered[1]}`));
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/payment$/);
  await expect(page.getByRole("complementary")).toContainText(expressPrice);
});

test("an item out of stock says so on its card in the lists, and its badge follows its stock", async ({ page }) => {
  test.setTimeout(120_000); // a dozen pages and two stock changes
  // The last flavour of the device by name: no other journey buys it or changes its stock.
  let flavour = await setFlavourStock("hayati-mini-1500", 2, "last");
  try {
    await page.goto(`/flavour/${flavour.id}`);
    await expect(promises(page).getByText("Only 2 left", { exact: true })).toBeVisible();
    await expect(promises(page)).toContainText("Ready to ship");
    await expect(page.getByText("In Stock Today")).toHaveCount(0);
    await page.goto("/flavours?device=hayati-mini-1500");
    await expect(cardNamed(page, flavour.name)).toBeVisible();
    await expect(cardNamed(page, flavour.name)).not.toContainText("Out of stock");

    flavour = await setFlavourStock("hayati-mini-1500", 0, "last");
    await page.goto("/flavours?device=hayati-mini-1500");
    const card = cardNamed(page, flavour.name);
    await expect(card.getByText("Out of stock", { exact: true })).toBeVisible();
    await card.getByRole("button", { name: `Add ${flavour.name} to wishlist` }).click();
    await expect(card.getByRole("button", { name: `Remove ${flavour.name} from wishlist` })).toBeVisible();
    await page.goto(`/search?q=${encodeURIComponent(flavour.name)}`);
    await expect(cardNamed(page, flavour.name).getByText("Out of stock", { exact: true })).toBeVisible();
    await page.goto("/wishlist");
    await expect(cardNamed(page, flavour.name).getByText("Out of stock", { exact: true })).toBeVisible();
    await page.goto(`/flavour/${flavour.id}`);
    await expect(promises(page).getByText("Out of stock", { exact: true })).toBeVisible();
    await expect(promises(page)).not.toContainText("Ready to ship");
    await expect(page.getByRole("button", { name: "Add to Cart" })).toBeDisabled();

    // The home page's grid too (the demo's Apple Crumble is sold out); the cards in stock say nothing.
    await page.goto("/?device=hayati-mini-1500");
    const grid = page.locator("#flavours");
    await expect(cardNamed(page, "Apple Crumble").getByText("Out of stock", { exact: true })).toBeVisible();
    await expect(grid.getByText("Out of stock", { exact: true })).toHaveCount(1);
  } finally {
    await setFlavourStock("hayati-mini-1500", 40, "last");
  }
  await page.goto("/flavours?device=hayati-mini-1500");
  await expect(cardNamed(page, flavour.name)).not.toContainText("Out of stock");
});

test("a card shows the whole name, so two items never read alike, at 360 and 1280 px", async ({ page }) => {
  // 'Crystal Pro Switch 30K' and 'Crystal Pro CP 10K' share their first 10 characters; 'Blueberry Ice' and
  // 'Blueberry Sour Raspberry', 'Blue Razz Ice' and 'Blue Razz Lemonade' their first 9 or 10 (docs/decisions/068).
  const shown = async (path: string, names: string[]) => {
    await page.goto(path);
    for (const name of names) {
      const link = cardNamed(page, name).getByRole("link", { name, exact: true });
      await expect(link).toHaveText(name);
      await expect(link).toBeVisible();
      // Not clipped: the heading holds all of it, on one line or several.
      expect(await link.evaluate((a) => a.parentElement!.scrollWidth <= a.parentElement!.clientWidth)).toBe(true);
    }
    await expect(page.getByRole("main")).not.toContainText("...");
  };
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await shown("/products?sort=devices", ["Crystal Pro Switch 30K", "Crystal Pro CP 10K"]);
    await shown("/flavours?device=hayati-pro-max-6000", ["Banana Ice", "Strawberry Raspberry Cherry Ice"]);
    // Cards in a row stay tidy: their prices line up whatever the length of the names above them.
    const cards = page.getByRole("main").getByRole("article");
    const priceBottom = async (n: number) => {
      const box = (await cards
        .nth(n)
        .getByText(/^£\d+\.\d{2}$/)
        .boundingBox())!;
      return box.y + box.height;
    };
    expect(await priceBottom(0)).toBe(await priceBottom(1));
  }
});

test("the info pages promise only what the shop does", async ({ page }) => {
  await page.goto("/info/gift-cards");
  await expect(page.getByRole("heading", { level: 1, name: "Gift Cards" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText("We do not sell gift cards yet");
  await page.goto("/info/bonus-program");
  await expect(page.getByRole("heading", { level: 1, name: "Bonus program" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText("We do not run a bonus or loyalty programme yet");

  await page.goto("/info/terms-of-delivery");
  const terms = page.getByRole("main");
  await expect(terms).toContainText(
    `${shippingOptions.free.name}: no charge, delivered within ${shippingOptions.free.deliveryDays} days.`,
  );
  await expect(terms).toContainText(
    `${shippingOptions.express.name}: ${expressPrice}, delivered within ${shippingOptions.express.deliveryDays} days.`,
  );

  await page.goto("/info/credit-and-payments");
  await expect(page.getByRole("main")).toContainText("give you the payment details");
  await expect(page.getByRole("main")).toContainText("WhatsApp");
  await expect(page.getByRole("main")).not.toContainText("payment link");

  await page.goto("/about");
  await expect(page.getByRole("list", { name: "Our figures" })).toContainText("Customer reviews");
  await expect(page.getByRole("main")).toContainText(`${freeLine}, or ${expressLine}.`);
});

test("a device's page lists flavours made for it and links to all of them", async ({ page }) => {
  await openDevice(page, "Hayati Rubik 7000");
  const section = page.getByRole("region", { name: "Flavours for this device" });
  const cards = section.getByRole("article");
  await expect(cards).toHaveCount(8);
  await expect(section.getByText("Showing 8 of 16 flavours")).toBeVisible();
  for (const card of await cards.all()) await expect(card).toContainText("Hayati Rubik 7000");
  await section.getByRole("link", { name: "See all 16 flavours for Hayati Rubik 7000" }).click();
  await expect(page).toHaveURL(/\/flavours\?device=hayati-rubik-7000$/);
  await expect(page.getByLabel("Device", { exact: true })).toHaveValue("hayati-rubik-7000");
  await expect(page.getByText("16 flavours")).toBeVisible();
  await expect(page.getByRole("main").getByRole("article")).toHaveCount(16);

  // A card opens the flavour, of this device.
  await page.goBack();
  const first = section.getByRole("article").first();
  const name = (await first.getByRole("heading").textContent())!;
  await first.getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByRole("link", { name: "Hayati Rubik 7000" })).toHaveAttribute(
    "href",
    "/flavours?device=hayati-rubik-7000",
  );
});
