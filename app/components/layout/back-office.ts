import { useMatches } from "react-router";

/** The id of the back office's layout route (app/routes.ts): its loader lets only staff in. */
export const BACK_OFFICE_LAYOUT = "routes/admin/layout";

/**
 * Whether this page is the back office as staff see it: its layout's loader let them in. The back office has its own
 * frame (components/admin/back-office-frame.tsx), so the root leaves out the shop's header, footer and 18+ dialog.
 * Anybody else on an /admin address gets the shop's ordinary 404 page, in the shop's frame.
 */
export function useInBackOffice(): boolean {
  return useMatches().some((match) => match.id === BACK_OFFICE_LAYOUT && match.loaderData != null);
}
