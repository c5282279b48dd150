import { describe, expect, it } from "vitest";
import { internationalPhone, whatsappChatUrl } from "./whatsapp";

describe("WhatsApp numbers", () => {
  it("turns what customers type into the international number wa.me wants", () => {
    expect(internationalPhone("07700 900123")).toBe("447700900123");
    expect(internationalPhone("+44 7700 900123")).toBe("447700900123");
    expect(internationalPhone("+44 (0)7700 900123")).toBe("447700900123");
    expect(internationalPhone("0044 7700-900123")).toBe("447700900123");
    expect(internationalPhone("0033 6 12 34 56 78")).toBe("33612345678");
    expect(internationalPhone("+353 87 123 4567")).toBe("353871234567");
  });

  it("gives null for what cannot be a phone number", () => {
    for (const typed of ["", "n/a", "0", "12345", "+44 7700 900123 900123 900123"])
      expect(internationalPhone(typed)).toBeNull();
  });

  it("opens a chat with prefilled text", () => {
    expect(whatsappChatUrl("+44 7700 900123", "Hello & welcome")).toBe(
      "https://wa.me/447700900123?text=Hello%20%26%20welcome",
    );
  });
});
