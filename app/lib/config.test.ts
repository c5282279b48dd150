import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, shopSettings } from "./config.server";

describe("loadConfig", () => {
  it("has working defaults", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      DATABASE_URL: "file:./data/shop.db",
      LOG_LEVEL: "info",
      SHOP_CURRENCY: "USD",
    });
    expect(shopSettings(config).whatsappNumber).toBe("447700900123");
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
  ])("stops on a bad %s and names it", (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(name));
  });
});
