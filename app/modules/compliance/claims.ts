/**
 * Health, quitting and smoking-cessation claims (CAP Code 22.5): an unlicensed nicotine product may not be advertised
 * as helping anyone stop smoking or as better for their health, and a review the shop publishes is its advertising.
 * This is the one list of words and phrases such claims use (docs/guide/uk-rules.md, "Factual reviews"): reviews
 * staff publish are checked against it and flagged in the back office, and the demo content is tested against it.
 * Each entry is matched as whole words, in any case; the forms of a word are listed, so 'secure' is not 'cure'.
 */
export const HEALTH_CLAIM_WORDS = [
  "quit",
  "quits",
  "quitting",
  "quitter",
  "stop smoking",
  "stopped smoking",
  "stopping smoking",
  "give up smoking",
  "gave up smoking",
  "given up smoking",
  "giving up smoking",
  "kick the habit",
  "kicked the habit",
  "off cigarettes",
  "switched from cigarettes",
  "switching from cigarettes",
  "switched from smoking",
  "switching from smoking",
  "instead of smoking",
  "cessation",
  "healthier",
  "healthy",
  "health benefits",
  "safer",
  "safe alternative",
  "less harmful",
  "harmless",
  "harm reduction",
  "cure",
  "cured",
  "cures",
] as const;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const patterns = HEALTH_CLAIM_WORDS.map(
  (phrase) =>
    [phrase, new RegExp(`(?<![\\p{L}\\p{N}])${escape(phrase).replace(/ /g, "\\s+")}(?![\\p{L}\\p{N}])`, "iu")] as const,
);

/** The listed words and phrases the text uses, in the list's order (none: an empty list). */
export function healthClaimWords(text: string): string[] {
  return patterns.filter(([, pattern]) => pattern.test(text)).map(([phrase]) => phrase);
}
