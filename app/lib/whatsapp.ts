/** A WhatsApp chat with the shop, optionally with prefilled text. */
export function whatsappChatUrl(number: string, text?: string): string {
  const base = `https://wa.me/${number.replace(/\D/g, "")}`;
  return text ? `${base}?text=${encodeURIComponent(text)}` : base;
}
