/**
 * Age checkers behind one small interface (docs/decisions/015, 044), chosen with AGE_VERIFICATION=<name>:
 * `manual` (the default) refers every check to staff, who decide on a photo ID the customer sends; `http` asks an
 * external checking service (electoral roll and credit data, BSI PAS 1296) over the contract below first.
 */
import { z } from "zod";

export type AgeCheckInput = { name: string; dateOfBirth: string; address: string };
/**
 * pass: old enough; fail: not, or not who they say; refer: the service cannot tell, staff decide on a photo ID.
 * `problem`: why a service's answer could not be used (down, timed out, garbage): a refer, logged, nothing lost.
 */
export type AgeCheckOutcome = { result: "pass" | "fail" | "refer"; reference: string | null; problem?: string };

export type AgeChecker = {
  readonly name: string;
  check(input: AgeCheckInput): Promise<AgeCheckOutcome>;
};

/** The default: no service is attached, so every new customer is referred to staff (a photo ID checked by hand). */
export const manualChecker: AgeChecker = {
  name: "manual",
  check: async () => ({ result: "refer", reference: null }),
};

/**
 * The HTTP contract (docs/decisions/044). The shop POSTs JSON to AGE_CHECK_API_URL with
 * `Authorization: Bearer AGE_CHECK_API_KEY` (when set) and `Content-Type: application/json`:
 *
 *   { "requestId": "<the shop's id of this check>", "name": "Jamie Taylor", "dateOfBirth": "1990-01-31",
 *     "address": "12 High Street, Leeds LS1 1AA" }
 *
 * and expects, with a 2xx status, within AGE_CHECK_TIMEOUT_MS:
 *
 *   { "result": "pass" | "fail" | "refer", "reference": "<the service's id of its check>" | null }
 *
 * Anything else (no answer in time, a refused connection, a non-2xx status, an answer that is not that JSON) is a
 * refer: the customer is asked for a photo ID and staff decide; nothing is lost and nothing is decided by a fault.
 */
export const ageCheckRequest = z.object({
  requestId: z.string(),
  name: z.string(),
  dateOfBirth: z.string(),
  address: z.string(),
});
export type AgeCheckRequest = z.infer<typeof ageCheckRequest>;
export const ageCheckAnswer = z.object({
  result: z.enum(["pass", "fail", "refer"]),
  reference: z.string().max(200).nullable().optional(),
});

export type HttpCheckerSettings = { url: string; apiKey?: string | undefined; timeoutMs: number };

export function httpChecker(settings: HttpCheckerSettings, requestId: () => string = randomRequestId): AgeChecker {
  const refer = (problem: string): AgeCheckOutcome => ({ result: "refer", reference: null, problem });
  return {
    name: "http",
    async check(input) {
      const body: AgeCheckRequest = { requestId: requestId(), ...input };
      let response: Response;
      try {
        response = await fetch(settings.url, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            accept: "application/json",
            ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}),
          },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(settings.timeoutMs),
          redirect: "error",
        });
      } catch (error) {
        const name = (error as Error).name;
        return refer(
          name === "TimeoutError" ? "the service did not answer in time" : "the service could not be reached",
        );
      }
      let json: unknown;
      try {
        json = await response.json();
      } catch {
        return refer(`the service answered ${response.status} without JSON`);
      }
      if (!response.ok) return refer(`the service answered ${response.status}`);
      const answer = ageCheckAnswer.safeParse(json);
      if (!answer.success) return refer("the service's answer is not pass, fail or refer");
      return { result: answer.data.result, reference: answer.data.reference ?? null };
    },
  };
}

const randomRequestId = () => crypto.randomUUID();

/** The settings the checkers read (the shop's configuration). */
export type CheckerConfig = {
  AGE_VERIFICATION: string;
  AGE_CHECK_API_URL?: string | undefined;
  AGE_CHECK_API_KEY?: string | undefined;
  AGE_CHECK_TIMEOUT_MS: number;
};

export const checkerNames = ["manual", "http"] as const;

export function checkerFor(config: CheckerConfig): AgeChecker {
  if (config.AGE_VERIFICATION === "manual") return manualChecker;
  if (config.AGE_VERIFICATION === "http") {
    if (!config.AGE_CHECK_API_URL) throw new Error("AGE_VERIFICATION=http needs AGE_CHECK_API_URL");
    return httpChecker({
      url: config.AGE_CHECK_API_URL,
      apiKey: config.AGE_CHECK_API_KEY,
      timeoutMs: config.AGE_CHECK_TIMEOUT_MS,
    });
  }
  throw new Error(`Unknown AGE_VERIFICATION "${config.AGE_VERIFICATION}"`);
}
