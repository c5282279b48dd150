import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.server";
import { traderDetails, traderSettingsToSet } from "./trader";

describe("the trader named at the payment step", () => {
  it("is the company when its name and office are set, with the shop's e-mail and phone", () => {
    const config = loadConfig({
      COMPANY_NAME: "Vapour Lane Ltd",
      COMPANY_ADDRESS: "1 Mill Street, Leeds LS1 2AB",
      SHOP_EMAIL: "orders@vapourlane.co.uk",
      SHOP_PHONE: "0113 496 0000",
    });
    expect(traderDetails(config)).toEqual({
      name: "Vapour Lane Ltd",
      address: "1 Mill Street, Leeds LS1 2AB",
      email: "orders@vapourlane.co.uk",
      phone: "0113 496 0000",
    });
    expect(traderSettingsToSet(config)).toEqual(["SHOP_ADDRESS"]);
  });

  it("on the defaults is the shop's name and contact address, and every setting a real shop must set is named", () => {
    const config = loadConfig({});
    expect(traderDetails(config)).toEqual({
      name: "Vapour Lane",
      address: "12 Example Street, Manchester M1 1AA, United Kingdom",
      email: "hello@vapourlane.example",
      phone: "+44 7700 900123",
    });
    expect(traderSettingsToSet(config)).toEqual([
      "COMPANY_NAME",
      "COMPANY_ADDRESS",
      "SHOP_PHONE",
      "SHOP_EMAIL",
      "SHOP_ADDRESS",
    ]);
  });
});
