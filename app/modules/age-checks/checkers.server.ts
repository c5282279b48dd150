/**
 * Age checkers behind one small interface (docs/decisions/015). A real service (electoral roll and credit data,
 * BSI PAS 1296) is one more file implementing `AgeChecker` and one more entry in `checkers`; it reads its own settings
 * from the environment (e.g. AGE_CHECK_API_URL, AGE_CHECK_API_KEY) and is chosen with AGE_VERIFICATION=<name>.
 */
export type AgeCheckInput = { name: string; dateOfBirth: string; address: string };
/** pass: old enough; fail: not, or not who they say; refer: the service cannot tell, staff decide. */
export type AgeCheckOutcome = { result: "pass" | "fail" | "refer"; reference: string | null };

export type AgeChecker = {
  readonly name: string;
  check(input: AgeCheckInput): Promise<AgeCheckOutcome>;
};

/** The default: no service is attached, so every new customer is referred to staff (an ID check by hand). */
export const manualChecker: AgeChecker = {
  name: "manual",
  check: async () => ({ result: "refer", reference: null }),
};

export const checkers: Record<string, AgeChecker> = { manual: manualChecker };

export const checkerNames = Object.keys(checkers) as [string, ...string[]];

export function checkerFor(name: string): AgeChecker {
  const checker = checkers[name];
  if (!checker) throw new Error(`Unknown AGE_VERIFICATION "${name}"`);
  return checker;
}
