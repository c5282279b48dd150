/**
 * UK limits for nicotine-containing e-cigarettes and refills (TRPR 2016), see docs/product/decisions.md,
 * "Age-restricted goods (UK)".
 */
export const UK_LIMITS = {
  nicotineMgMl: 20,
  podMl: 2,
  bottleMl: 10,
} as const;

/** The MHRA's notification number (ECID) for a nicotine product: submitter, 2-digit year, product (12345-22-67890). */
export const MHRA_ECID = /^\d{5}-\d{2}-\d{5}$/;
export const MHRA_ECID_LABEL = "MHRA notification number (ECID)";

export const NICOTINE_WARNING = "This product contains nicotine which is a highly addictive substance.";

export type ComplianceFacts = {
  nicotineMgMl: number;
  podMl?: number | null;
  bottleMl?: number | null;
};

export type ComplianceProblems = Partial<Record<keyof ComplianceFacts, string>>;

/** Returns a message per fact that breaks a UK limit; an empty object means the entry may be sold. */
export function checkUkLimits(facts: ComplianceFacts): ComplianceProblems {
  const problems: ComplianceProblems = {};
  if (!(facts.nicotineMgMl >= 0)) problems.nicotineMgMl = "Nicotine strength must be 0 mg/ml or more";
  else if (facts.nicotineMgMl > UK_LIMITS.nicotineMgMl)
    problems.nicotineMgMl = `Nicotine strength must be ${UK_LIMITS.nicotineMgMl} mg/ml or less in the UK`;
  if (facts.podMl != null && !(facts.podMl > 0 && facts.podMl <= UK_LIMITS.podMl))
    problems.podMl = `A pod or tank must hold more than 0 ml and no more than ${UK_LIMITS.podMl} ml in the UK`;
  if (facts.bottleMl != null && !(facts.bottleMl > 0 && facts.bottleMl <= UK_LIMITS.bottleMl))
    problems.bottleMl = `A refill bottle must hold more than 0 ml and no more than ${UK_LIMITS.bottleMl} ml in the UK`;
  return problems;
}

export function isCompliant(facts: ComplianceFacts): boolean {
  return Object.keys(checkUkLimits(facts)).length === 0;
}
