import { expect, test, type Locator } from "@playwright/test";
import { createStaff, signInAsStaff } from "./support/admin";
import { confirmAgeByCookie, ownClientAddress, watchConsole } from "./support/shop";

// A blog post's cover is optional: the blog shows a plain panel in its place. In the back-office project: it
// publishes a post, which the storefront journeys' counts must not see.

test.beforeEach(async ({ context, baseURL }) => {
  await confirmAgeByCookie(context, baseURL!);
  await context.setExtraHTTPHeaders(ownClientAddress());
});

/** A real 1×1 PNG. */
const PNG_1X1 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

/** Every picture in `where` has loaded (none broken). */
async function expectNoBrokenImage(where: Locator) {
  for (const image of await where.locator("img").all()) {
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  }
}

test("a post without a cover is saved and shown with a plain panel; a cover chosen later uploads at once", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const problems = watchConsole(page);
  await signInAsStaff(page, createStaff("blog"));
  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Blog" }).click();
  await page.getByRole("link", { name: "New post" }).click();
  const title = `Notes from the shop floor ${Date.now()}`;
  await page.getByRole("textbox", { name: "Title" }).fill(title);
  await page.getByRole("textbox", { name: "Excerpt" }).fill("What customers asked us about this week.");
  await page.getByRole("textbox", { name: "Body (Markdown)" }).fill("## Questions\n\nMostly about **pods**.");
  await page.getByRole("checkbox", { name: "Published" }).check();
  // The form says before saving that the cover may be left out.
  await expect(page.getByLabel("Cover image (optional)")).not.toHaveAttribute("required");
  await expect(page.getByLabel("Cover image (optional)")).toHaveAccessibleDescription(
    /Without a cover the blog shows a plain panel\./,
  );
  await page.getByRole("button", { name: "Create post" }).click();
  await expect(page.getByRole("status")).toHaveText("Post created.");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Edit post: ${title}`);
  const editPage = page.url();

  // The blog list and the home page's teaser: a card with a plain panel (decorative, nothing broken); the post's page
  // starts with its text.
  await page.goto("/blog");
  const card = page.getByRole("main").getByRole("article").filter({ hasText: title });
  await expect(card).toHaveCount(1);
  await expect(card.getByRole("img")).toHaveCount(0);
  await expectNoBrokenImage(card);
  await page.goto("/");
  const teaser = page.getByRole("region", { name: "From the blog" }).getByRole("article").filter({ hasText: title });
  await expect(teaser).toHaveCount(1);
  await expectNoBrokenImage(teaser);
  await page.goto("/blog");
  await page.getByRole("link", { name: title }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.getByRole("main").getByRole("img")).toHaveCount(0);

  // A cover chosen on the edit page uploads at once and shows; the title typed meanwhile is kept.
  await page.goto(editPage);
  await page
    .getByLabel("Cover image (optional)")
    .setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: Buffer.from(PNG_1X1, "base64") });
  await page.getByRole("textbox", { name: "Title" }).fill(`${title} (with a cover)`);
  await expect(page.getByRole("img", { name: "Current cover image" })).toHaveAttribute(
    "src",
    /^\/uploads\/[a-f0-9]{32}\.png$/,
  );
  await expect(page.getByText("Cover uploaded.")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Title" })).toHaveValue(`${title} (with a cover)`);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("status")).toHaveText("Changes saved.");
  await page.getByRole("link", { name: "View on the blog" }).click();
  await expect(page).toHaveURL(/\/blog\/notes-from-the-shop-floor-\d+$/);
  // Reloaded: the browser may show the page it kept from the first visit while it asks again (stale-while-revalidate).
  await page.reload();
  await expect(page.getByRole("img", { name: `${title} (with a cover)` })).toHaveAttribute("src", /^\/uploads\//);

  // Removed again: the post is back to its plain panel.
  await page.goto(editPage);
  await page.getByRole("checkbox", { name: "Remove the cover" }).check();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("status")).toHaveText("Changes saved.");
  await expect(page.getByRole("img", { name: "Current cover image" })).toHaveCount(0);
  await page.getByRole("link", { name: "View on the blog" }).click();
  await expect(page).toHaveURL(/\/blog\/notes-from-the-shop-floor-\d+$/);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${title} (with a cover)`);
  await expect(page.getByRole("main").getByRole("img")).toHaveCount(0);
  expect(problems).toEqual([]);
});
