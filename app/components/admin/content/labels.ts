/** How the back office names account roles. */
export const roleLabels: Record<string, string> = { customer: "Customer", staff: "Staff" };
