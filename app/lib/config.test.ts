import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, shopSettings } from "./config.server";

describe("loadConfig", () => {
  it("has working defaults", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, DATABASE_URL: "file:./data/shop.db", LOG_LEVEL: "info", SHOP_CURRENCY: "USD" });
    expect(shopSettings(config).whatsappNumber).toBe("447700900123");
  });
  it("gives requests 10 s to finish on shutdown unless told otherwise", () => {
    expect(loadConfig({}).SHUTDOWN_TIMEOUT_MS).toBe(10_000);
    expect(loadConfig({ SHUTDOWN_TIMEOUT_MS: "2500" }).SHUTDOWN_TIMEOUT_MS).toBe(2500);
  });
  it("accepts PostgreSQL URLs", () => {
    expect(loadConfig({ DATABASE_URL: "postgres://u:p@db:5432/shop" }).DATABASE_URL).toBe("postgres://u:p@db:5432/shop");
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
  ])("stops on a bad %s and names it", (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(name));
  });
});
