// The shop makes no claim nobody measured (docs/decisions/037), demo or not: a first start with the demo content (a
// newcomer's first look) shows figures counted from the demo shop, a shop started empty (DEMO_CONTENT=off) shows none;
// staff write the page's story, offers and figures in the back office (errors under the fields, nothing saved on bad
// input, no 'return on investment'), and a review staff publish that makes a health or quitting claim (CAP Code 22.5)
// is flagged beside it in the moderation list.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { createStaffAsync, signInAsStaff, type Staff } from "./support/admin";
import { freePort, startShop, waitForHealth, type ShopProcess } from "./support/processes";
import { E2E_PORT } from "./support/ports";
import { confirmAgeByCookie, ownClientAddress } from "./support/shop";

const PORT = E2E_PORT + 57; // clear of the other journeys' own shops (+1, +2, +30, +31, +40, +41)
const base = `http://localhost:${PORT}`;
let dir: string;
let shop: ShopProcess;
let staff: Staff;

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "shop-empty-"));
  const databaseUrl = `file:${dir}/shop.db`;
  shop = startShop({
    PORT: String(PORT),
    LOG_LEVEL: "warn",
    DATABASE_URL: databaseUrl,
    UPLOAD_DIR: `${dir}/uploads`,
    APP_URL: base,
    TRUST_PROXY: "1",
    DEMO_CONTENT: "off",
    CONTENT_VERSION_POLL_MS: "100",
  });
  await waitForHealth(shop);
  staff = await createStaffAsync("about-staff", databaseUrl);
});
test.afterAll(async () => {
  shop.child.kill("SIGTERM");
  await shop.exited;
  rmSync(dir, { recursive: true, force: true });
});
test.use({ baseURL: base });
test.beforeEach(async ({ context }) => {
  await confirmAgeByCookie(context, base);
  await context.setExtraHTTPHeaders(ownClientAddress());
});

const INVENTED = ["400+", "600%", "200+", "Return on investment", "Five-star reviews", "Devices and accessories"];

test.describe("the first start, with the demo content", () => {
  let demoDir: string;
  let demo: ShopProcess;
  test.beforeAll(async () => {
    demoDir = mkdtempSync(join(tmpdir(), "shop-demo-about-"));
    demo = startShop({
      PORT: String(await freePort()),
      LOG_LEVEL: "warn",
      DATABASE_URL: `file:${demoDir}/shop.db`,
      UPLOAD_DIR: `${demoDir}/uploads`,
      DEMO_CONTENT: "on",
    });
    await waitForHealth(demo, 60_000);
  });
  test.afterAll(async () => {
    demo?.child.kill("SIGTERM");
    await demo?.exited;
    rmSync(demoDir, { recursive: true, force: true });
  });

  test("the About page counts the demo shop's figures and invents none (issue 65)", async ({ page, context }) => {
    await confirmAgeByCookie(context, demo.base);
    await page.goto(`${demo.base}/about`);
    await expect(page.getByRole("heading", { level: 1, name: /^About / })).toBeVisible();
    // What the README says the demo holds: 5 devices, 80 flavours, 6 reviews.
    const figures = page.getByRole("list", { name: "Our figures" }).getByRole("listitem");
    await expect(figures).toHaveText(["5Devices", "80Flavours", "6Customer reviews"]);
    for (const claim of INVENTED) await expect(page.getByText(claim)).toHaveCount(0);
  });
});

test("the About page of an empty shop shows no made-up figures and no invented story", async ({ page }) => {
  await page.goto(`${base}/about`);
  await expect(page.getByRole("heading", { level: 1, name: /^About / })).toBeVisible();
  await expect(page.getByRole("heading", { name: "What we offer" })).toBeVisible();
  await expect(page.getByRole("main").locator("ol > li")).toHaveCount(4);
  await expect(page.getByRole("list", { name: "Our figures" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Our story" })).toHaveCount(0);
  for (const claim of [...INVENTED, "quit smoking"]) await expect(page.getByText(claim)).toHaveCount(0);
});

test("staff write the About page's story and figures, and see a review's health claim flagged", async ({ page }) => {
  test.setTimeout(120_000); // sign-in with two-factor set-up
  await page.goto(base);
  await signInAsStaff(page, staff);
  await page.getByRole("link", { name: "About page", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "About page" })).toBeVisible();

  // Bad input: each message under its field, nothing saved.
  await page.getByLabel("Figure 1 shows").selectOption({ label: "Written below" });
  await page.getByLabel("Figure 1 label").fill("Return on investment");
  await page.getByLabel("Offer 1 title").fill("Same-day dispatch");
  await page.getByRole("button", { name: "Save the About page" }).click();
  await expect(page.getByRole("alert")).toHaveText("Please correct the fields marked below.");
  await expect(page.getByLabel("Figure 1 value")).toHaveAccessibleDescription("Please write the figure, e.g. 120+");
  await expect(page.getByLabel("Figure 1 label")).toHaveAccessibleDescription(
    "A return on investment is not a figure the shop can show: please choose another",
  );
  await expect(page.getByLabel("Offer 1 text")).toHaveAccessibleDescription("Please say what this offer is");
  await page.goto(`${base}/about`);
  await expect(page.getByRole("list", { name: "Our figures" })).toHaveCount(0);

  // Good input: saved, and the About page says it.
  await page.goto(`${base}/admin/about`);
  await page.getByLabel("Our story").fill("We opened in Leeds in 2024.\n\nWe answer every message ourselves.");
  await page.getByLabel("Offer 1 title").fill("Same-day dispatch");
  await page.getByLabel("Offer 1 text").fill("Orders placed by 2pm leave the same day.");
  await page.getByLabel("Figure 1 shows").selectOption({ label: "Written below" });
  await page.getByLabel("Figure 1 value").fill("2024");
  await page.getByLabel("Figure 1 label").fill("Trading since");
  await page.getByLabel("Figure 2 shows").selectOption({ label: "Counted: devices on sale" });
  await page.getByRole("button", { name: "Save the About page" }).click();
  await expect(page.getByRole("status")).toHaveText("About page saved.");
  await page.goto(`${base}/about`);
  const figures = page.getByRole("list", { name: "Our figures" });
  await expect(figures.getByRole("listitem")).toHaveCount(1); // no devices yet: that count is left out
  await expect(figures).toContainText("2024");
  await expect(figures).toContainText("Trading since");
  await expect(page.getByRole("heading", { name: "Our story" })).toBeVisible();
  await expect(page.getByText("We answer every message ourselves.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Same-day dispatch" })).toBeVisible();

  // A review with a quitting claim: published, and flagged with the words found.
  await page.goto(`${base}/admin/reviews`);
  await page.getByRole("button", { name: "Add review" }).click();
  await expect(page.getByRole("textbox", { name: "Review", exact: true })).toHaveAccessibleDescription(
    "Please enter the review (at least 10 characters)",
  );
  await page
    .getByRole("textbox", { name: "Review", exact: true })
    .fill("These pods helped me quit smoking in a month.");
  await page.getByRole("textbox", { name: "Name", exact: true }).fill("Jo");
  await page.getByRole("button", { name: "Add review" }).click();
  await expect(page.getByRole("status")).toHaveText("Review added.");
  const review = page.getByRole("listitem", { name: "Review by Jo" });
  await expect(review).toContainText("Published");
  await expect(review).toContainText("Check the wording: it mentions 'quit'.");
  await review.getByRole("button", { name: "Hide" }).click();
  await expect(page.getByRole("status")).toHaveText("Review hidden from the shop.");
  await expect(review).toContainText("Hidden");
});
