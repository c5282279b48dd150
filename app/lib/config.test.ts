import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, shopSettings } from "./config.server";

describe("loadConfig", () => {
  it("has working defaults", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      DATABASE_URL: "file:./data/shop.db",
      LOG_LEVEL: "info",
      SHOP_CURRENCY: "GBP",
      TAX_MODE: "included",
      TAX_RATE_PERCENT: 20,
    });
    expect(shopSettings(config).whatsappNumber).toBe("447700900123");
  });
  it("takes card payments only with their secret and credentials, and never test payments at a public https shop by accident", () => {
    const secret = { PAYMENT_WEBHOOK_SECRET: "a-secret-of-enough-length" };
    expect(loadConfig({})).toMatchObject({ PAYMENT_PROVIDER: "manual", PAYMENT_TEST_MODE: false });
    expect(() => loadConfig({ PAYMENT_PROVIDER: "stripe" })).toThrow(
      /PAYMENT_PROVIDER must be manual, worldpay or sandbox/,
    );
    expect(() => loadConfig({ PAYMENT_PROVIDER: "sandbox" })).toThrow(/PAYMENT_WEBHOOK_SECRET is needed/);
    expect(() => loadConfig({ PAYMENT_PROVIDER: "worldpay", ...secret })).toThrow(
      /WORLDPAY_USERNAME and WORLDPAY_PASSWORD/,
    );
    const worldpay = { PAYMENT_PROVIDER: "worldpay", WORLDPAY_USERNAME: "u", WORLDPAY_PASSWORD: "p", ...secret };
    // At a public address: Worldpay's test environment and the sandbox are refused without PAYMENT_TEST_MODE.
    const open = { APP_URL: "https://shop.example" };
    expect(() => loadConfig({ ...worldpay, ...open })).toThrow(/takes no real money.*PAYMENT_TEST_MODE=true/);
    expect(() => loadConfig({ PAYMENT_PROVIDER: "sandbox", ...secret, ...open })).toThrow(
      /the sandbox takes no real money/,
    );
    expect(loadConfig({ ...worldpay, ...open, PAYMENT_TEST_MODE: "true" })).toMatchObject({ PAYMENT_TEST_MODE: true });
    expect(loadConfig({ ...worldpay, ...open, WORLDPAY_BASE_URL: "https://access.worldpay.com" })).toMatchObject({
      PAYMENT_PROVIDER: "worldpay",
    });
    // On one's own machine (no https address), the sandbox needs nothing more.
    expect(loadConfig({ PAYMENT_PROVIDER: "sandbox", ...secret })).toMatchObject({ PAYMENT_SANDBOX_PORT: 4590 });
  });
  it("checks ages by hand unless told to ask a service, which then needs its address; photo IDs kept privately", () => {
    expect(loadConfig({})).toMatchObject({ AGE_VERIFICATION: "manual", AGE_DOCUMENTS_DIR: "./data/age-documents" });
    expect(() => loadConfig({ AGE_VERIFICATION: "http" })).toThrow(/AGE_CHECK_API_URL is needed/);
    expect(() => loadConfig({ AGE_VERIFICATION: "yoti" })).toThrow(/AGE_VERIFICATION must be manual or http/);
    expect(
      loadConfig({
        AGE_VERIFICATION: "http",
        AGE_CHECK_API_URL: "https://checks.example/v1/age",
        AGE_CHECK_TIMEOUT_MS: "5000",
      }),
    ).toMatchObject({ AGE_CHECK_API_URL: "https://checks.example/v1/age", AGE_CHECK_TIMEOUT_MS: 5000 });
  });
  it("gives requests 10 s to finish on shutdown unless told otherwise", () => {
    expect(loadConfig({}).SHUTDOWN_TIMEOUT_MS).toBe(10_000);
    expect(loadConfig({ SHUTDOWN_TIMEOUT_MS: "2500" }).SHUTDOWN_TIMEOUT_MS).toBe(2500);
  });
  it("counts the shop's days in Europe/London unless SHOP_TIME_ZONE names another zone, and tells pages", () => {
    expect(loadConfig({}).SHOP_TIME_ZONE).toBe("Europe/London");
    expect(shopSettings(loadConfig({})).timeZone).toBe("Europe/London");
    expect(shopSettings(loadConfig({ SHOP_TIME_ZONE: "America/New_York" })).timeZone).toBe("America/New_York");
    expect(() => loadConfig({ SHOP_TIME_ZONE: "Mars/Olympus" })).toThrow(
      "SHOP_TIME_ZONE is not a time zone this server knows",
    );
  });
  it("loads the demo content into a new database unless DEMO_CONTENT is off (docs/decisions/026)", () => {
    expect(loadConfig({}).DEMO_CONTENT).toBe("on");
    expect(loadConfig({ DEMO_CONTENT: "off" }).DEMO_CONTENT).toBe("off");
    expect(() => loadConfig({ DEMO_CONTENT: "no" })).toThrow("DEMO_CONTENT must be on or off");
  });
  it("prices include 20 % VAT in pounds unless told, and show no company details or social links (decisions 029, 036)", () => {
    const settings = shopSettings(loadConfig({}));
    expect(settings).toMatchObject({ currency: "GBP", taxIncluded: true, socials: [] });
    expect(shopSettings(loadConfig({ TAX_MODE: "added" })).taxIncluded).toBe(false);
    expect(Object.values(settings.company).filter(Boolean)).toEqual([]);
    const uk = shopSettings(
      loadConfig({
        TAX_MODE: "included",
        COMPANY_NAME: "Vapour Lane Ltd",
        COMPANY_NUMBER: "SC123456",
        VAT_NUMBER: "GB 123 4567 89",
        COMPANY_ADDRESS: "1 Registered Way, Edinburgh EH1 1AA",
        SOCIAL_YOUTUBE_URL: "https://www.youtube.com/@vapourlane",
        SOCIAL_FACEBOOK_URL: "https://facebook.com/vapourlane",
      }),
    );
    expect(uk.taxIncluded).toBe(true);
    expect(uk.company).toEqual({
      name: "Vapour Lane Ltd",
      number: "SC123456",
      vatNumber: "GB 123 4567 89",
      address: "1 Registered Way, Edinburgh EH1 1AA",
    });
    // In the footer's order, only those set.
    expect(uk.socials).toEqual([
      { network: "Facebook", href: "https://facebook.com/vapourlane" },
      { network: "YouTube", href: "https://www.youtube.com/@vapourlane" },
    ]);
  });
  it("accepts PostgreSQL URLs", () => {
    expect(loadConfig({ DATABASE_URL: "postgres://u:p@db:5432/shop" }).DATABASE_URL).toBe(
      "postgres://u:p@db:5432/shop",
    );
  });
  it.each([
    ["PORT", "eighty"],
    ["PORT", "70000"],
    ["DATABASE_URL", "mysql://db/shop"],
    ["LOG_LEVEL", "loud"],
    ["SHOP_CURRENCY", "dollars"],
    ["SHOP_WHATSAPP_NUMBER", "+44 7700 900123"],
    ["SHOP_EMAIL", "not-an-email"],
    ["TAX_RATE_PERCENT", "-5"],
    ["SHUTDOWN_TIMEOUT_MS", "ten seconds"],
    ["SHUTDOWN_TIMEOUT_MS", "-1"],
    ["SHUTDOWN_TIMEOUT_MS", "3600000"],
    ["SHOP_TIME_ZONE", "Europe/Atlantis"],
    ["SHOP_TIME_ZONE", "GMT+1 please"],
    ["TAX_MODE", "inclusive"],
    ["COMPANY_NUMBER", "1234"],
    ["VAT_NUMBER", "123456789"],
    ["SOCIAL_FACEBOOK_URL", "https://www.facebook.com/"],
    ["SOCIAL_FACEBOOK_URL", "http://www.facebook.com/vapourlane"],
    ["SOCIAL_X_URL", "https://evil.example/x.com/vapourlane"],
  ])("stops on a bad %s and names it", (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(name));
  });
});
