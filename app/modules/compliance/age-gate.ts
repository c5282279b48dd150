import { readCookieHeader } from "~/lib/cookies";

export const AGE_COOKIE = "age_verified";
export const AGE_QUESTION = "Are you 18 or over?";
export const AGE_YES = "Yes, I am 18 or over";
export const AGE_NO = "No";
export const AGE_REFUSAL =
  "Sorry, you must be 18 or over to visit this shop. Nicotine products are not sold to anyone under 18.";

export type AgeStatus = "confirmed" | "refused" | "unknown";

export function ageStatus(request: Request): AgeStatus {
  return ageStatusFromCookies(request.headers.get("cookie"));
}

export function ageStatusFromCookies(cookieHeader: string | null | undefined): AgeStatus {
  const value = readCookieHeader(cookieHeader, AGE_COOKIE);
  if (value === "yes") return "confirmed";
  if (value === "no") return "refused";
  return "unknown";
}

/** 'Yes' is remembered for a year; 'No' only until the browser closes, so a mistaken click can be undone. */
export function ageCookie(answer: "yes" | "no", secure: boolean): string {
  const parts = [`${AGE_COOKIE}=${answer}`, "Path=/", "SameSite=Lax", "HttpOnly"];
  if (answer === "yes") parts.push(`Max-Age=${60 * 60 * 24 * 365}`);
  if (secure) parts.push("Secure");
  return parts.join("; ");
}
