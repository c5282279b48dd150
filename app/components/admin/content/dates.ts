// Back-office dates, always in the shop's time zone, so the server's and the browser's rendering agree.
const dateTime = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", timeZone: "Europe/London" });
const dateOnly = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "Europe/London" });

/** "22 Nov 2026, 13:30" */
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
/** "22 Nov 2026" */
export const formatDate = (iso: string) => dateOnly.format(new Date(iso));
