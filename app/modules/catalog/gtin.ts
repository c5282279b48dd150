/**
 * Barcodes (GTIN-8, GTIN-12/UPC-A, GTIN-13/EAN-13, GTIN-14): digits only, the last a check digit made from the others
 * (GS1 General Specifications §7.9.1: weights 3 and 1 from the right). Client-safe.
 */
export const GTIN_LENGTHS = [8, 12, 13, 14] as const;

/** Whether `code` is a GTIN of a known length whose check digit is right. */
export function validGtin(code: string): boolean {
  if (!/^\d+$/.test(code) || !(GTIN_LENGTHS as readonly number[]).includes(code.length)) return false;
  const digits = [...code].map(Number);
  const check = digits.pop()!;
  const sum = digits.reverse().reduce((total, digit, i) => total + digit * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}

/** What is wrong with a barcode staff typed, in words; null when it is a valid GTIN. */
export function gtinProblem(code: string): string | null {
  if (!/^\d+$/.test(code)) return "A barcode is digits only (GTIN-8, 12, 13 or 14).";
  if (!(GTIN_LENGTHS as readonly number[]).includes(code.length))
    return `A barcode has 8, 12, 13 or 14 digits; this one has ${code.length}.`;
  return validGtin(code) ? null : `The barcode ${code} has a wrong check digit.`;
}
