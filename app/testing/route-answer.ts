/**
 * What a route's loader or action answered, as the browser would see it (route tests): its status, the page's data,
 * where it redirects, and the response itself when it is one (a file, a redirect). A thrown answer (404, 403) is
 * caught and read the same way; anything else thrown goes on up.
 */
export type RouteAnswer = { status: number; body: unknown; location: string | null; response: Response | null };

export async function answerOf(run: () => Promise<unknown>): Promise<RouteAnswer> {
  try {
    return read(await run(), false);
  } catch (thrown) {
    const answer = read(thrown, true);
    if (answer) return answer;
    throw thrown;
  }
}

function read(value: unknown, thrown: true): RouteAnswer | null;
function read(value: unknown, thrown: false): RouteAnswer;
function read(value: unknown, thrown: boolean): RouteAnswer | null {
  if (value instanceof Response)
    return { status: value.status, body: null, location: value.headers.get("location"), response: value };
  const wrapped = value as { data?: unknown; init?: { status?: number } | null; type?: string } | null;
  if (wrapped?.type === "DataWithResponseInit")
    return { status: wrapped.init?.status ?? 200, body: wrapped.data ?? null, location: null, response: null };
  if (thrown) {
    const status = wrapped?.init?.status;
    return status ? { status, body: wrapped?.data ?? null, location: null, response: null } : null;
  }
  return { status: 200, body: value, location: null, response: null };
}
