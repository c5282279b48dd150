/** A WhatsApp chat with the shop, optionally with prefilled text. */
export function whatsappChatUrl(number: string, text?: string): string {
  const base = `https://wa.me/${number.replace(/\D/g, "")}`;
  return text ? `${base}?text=${encodeURIComponent(text)}` : base;
}

/**
 * A phone number as WhatsApp's links want it: the international number in digits, no `+` or leading zeros
 * ('07700 900123' → '447700900123', '+44 (0)7700 900123' → '447700900123', '0033 6 12 34 56 78' → '33612345678').
 * A UK shop's customers type national numbers, so one starting with a single 0 is taken as UK (+44). Null when what
 * is left cannot be a phone number (ITU-T E.164: at most 15 digits; at least 8 here).
 */
export function internationalPhone(phone: string): string | null {
  let digits = phone.replace(/\(0\)/g, "").replace(/\D/g, "");
  if (phone.trim().startsWith("+")) digits = digits.replace(/^0+/, "");
  else if (digits.startsWith("00")) digits = digits.slice(2);
  else if (digits.startsWith("0")) digits = `44${digits.slice(1)}`;
  return /^[1-9]\d{7,14}$/.test(digits) ? digits : null;
}
