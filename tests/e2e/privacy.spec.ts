import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { signedUp, signIn, signOut, uniqueEmail } from "./support/accounts";
import { addFlavourToCart } from "./support/checkout";
import { confirmAgeByCookie, ownClientAddress } from "./support/shop";

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders(ownClientAddress());
});

test("the footer links the privacy notice and the cookie page; the browser holds only what the cookie page lists", async ({
  page,
  context,
}) => {
  test.slow(); // a whole visit: sign up, sign out, sign in, a flavour into the cart
  await page.goto("/");
  await page.getByRole("button", { name: "Yes, I am 18 or over" }).click();
  const footer = page.getByRole("contentinfo");
  await footer.getByRole("link", { name: "Privacy notice" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Privacy notice" })).toBeVisible();
  await expect(
    page.getByText(/Your rights: you can see, correct and download your data, and delete your account/),
  ).toBeVisible();
  await page.getByRole("contentinfo").getByRole("link", { name: "Cookies" }).click();
  await expect(page.getByText(/We use only strictly necessary cookies/)).toBeVisible();
  const listed = await page
    .getByRole("table", { name: "What the shop stores in your browser" })
    .getByRole("rowheader")
    .allTextContents();
  expect(listed).toEqual(expect.arrayContaining(["age_verified", "shop.session_token", "shop.dont_remember"]));

  // A shopper's whole visit: sign up, sign out, sign in without 'Remember me', fill the cart.
  const email = uniqueEmail("cookies");
  await signedUp(page, email);
  // Signed out once /signin says so (going to /signin before the sign-out is answered raced it under load).
  await signOut(page);
  await signIn(page, email, "a long enough password");
  await expect(page.getByRole("button", { name: "Sign out", exact: true })).toBeVisible();
  await addFlavourToCart(page);
  const names = (await context.cookies()).map((c) => c.name.replace(/^__Secure-/, ""));
  expect(names.length).toBeGreaterThanOrEqual(3);
  for (const name of names) expect(listed, `cookie ${name} is on the cookie page`).toContain(name);
  const stored = await page.evaluate(() => Object.keys(window.localStorage));
  for (const key of stored) expect(listed, `browser storage ${key} is on the cookie page`).toContain(key);
});

test.describe("a shopper's own data", () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await confirmAgeByCookie(context, baseURL!);
  });

  test("'Download my data' gives a JSON file of the shopper's profile, addresses, orders, wishlist and messages", async ({
    page,
  }) => {
    const email = uniqueEmail("download");
    await signedUp(page, email, { firstName: "Morwenna" });
    await page.goto("/contactus");
    await page.getByLabel("First Name").fill("Morwenna");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Phone Number").fill("07700 900555");
    await page.getByLabel("Message").fill("Do you stock menthol pods?");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Message sent successfully!" })).toBeVisible();

    await page.goto("/account");
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download my data" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const copy = JSON.parse(readFileSync((await file.path())!, "utf8"));
    expect(copy.profile).toMatchObject({ firstName: "Morwenna", email, dateOfBirth: "1992-03-14" });
    expect(copy.messages).toEqual([expect.objectContaining({ message: "Do you stock menthol pods?" })]);
    for (const key of ["addresses", "orders", "wishlist", "cart"]) expect(Array.isArray(copy[key])).toBe(true);
    // Signed out, there is nothing to download.
    const anonymous = await page
      .context()
      .browser()!
      .newContext({ baseURL: new URL(page.url()).origin });
    const answer = await anonymous.request.get("/account/data", { maxRedirects: 0 });
    expect(answer.status()).toBe(302);
    expect(answer.headers().location).toMatch(/^\/signin\?redirectTo=/);
    await anonymous.close();
  });

  test("'Delete my account' asks for the password, then erases the account, signs it out everywhere and the old session stops working", async ({
    page,
    browser,
    baseURL,
  }) => {
    const email = uniqueEmail("delete");
    await signedUp(page, email);
    const oldCookies = await page.context().cookies();
    await page.goto("/account");
    const form = page.getByRole("form", { name: "Delete my account" });
    await form.getByLabel("Your password").fill("not my password");
    await form.getByRole("checkbox", { name: "I understand that my account is deleted for good" }).check();
    await form.getByRole("button", { name: "Delete my account" }).click();
    await expect(form.getByLabel("Your password")).toHaveAccessibleDescription("Your password is not right");
    await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();

    await form.getByLabel("Your password").fill("a long enough password");
    await form.getByRole("checkbox", { name: "I understand that my account is deleted for good" }).check();
    await form.getByRole("button", { name: "Delete my account" }).click();
    await expect(page).toHaveURL(/\/signin\?notice=account-deleted$/);
    await expect(page.getByRole("status")).toContainText("Your account has been deleted.");
    await expect(page.getByRole("button", { name: "Sign out", exact: true })).toHaveCount(0);

    // The session cookie kept from before (a second browser, a copied cookie) is signed out.
    const stale = await browser.newContext({ baseURL, extraHTTPHeaders: ownClientAddress() });
    await stale.addCookies(oldCookies);
    const staleAnswer = await stale.request.post("/account", {
      form: { intent: "delete-account", password: "a long enough password", confirm: "on" },
      headers: { Origin: baseURL! },
      maxRedirects: 0,
    });
    expect(staleAnswer.status()).toBe(302);
    expect(staleAnswer.headers().location).toMatch(/^\/signin\?redirectTo=/);
    await stale.close();
    // And the address and password no longer sign in.
    await page.goto("/signin");
    await signIn(page, email, "a long enough password");
    await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
  });
});
