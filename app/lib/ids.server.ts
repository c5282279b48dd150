import { randomInt } from "node:crypto";

const ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789";

/** A short unguessable id from lowercase letters and digits (no 0/o/1/l). */
export function newId(length = 12): string {
  let id = "";
  for (let i = 0; i < length; i++) id += ALPHABET[randomInt(ALPHABET.length)];
  return id;
}

const ORDER_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** An order number read aloud and typed into WhatsApp: 8 characters, no 0/O/1/I, about 10^12 possibilities. */
export function newOrderId(): string {
  let id = "";
  for (let i = 0; i < 8; i++) id += ORDER_ALPHABET[randomInt(ORDER_ALPHABET.length)];
  return id;
}
