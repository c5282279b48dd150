/**
 * What each staff role may do: the one table that decides it (issue 63, docs/decisions/080, documented in
 * docs/guide/back-office.md). Every back-office loader and action asks `requireStaff(context, request, permission)`,
 * every back-office service `assertAllowed(staff, permission)`, and the back office's tabs and buttons `can(staff,
 * permission)`: nothing else decides. Roles combine: a member of staff may do what any of their roles may.
 * Client-safe: plain values, no I/O.
 */
import { isOneOf, staffRoleNames, type StaffRole } from "~/db/values";

export { staffRoleNames, type StaffRole } from "~/db/values";

/** Each role, as the Staff page names and explains it. */
export const staffRoles: Record<StaffRole, { label: string; summary: string }> = {
  owner: { label: "Owner", summary: "Everything, including staff, settings and the audit log." },
  manager: {
    label: "Manager",
    summary: "Catalogue, prices, stock, orders, refunds, returns, content and messages; not staff or settings.",
  },
  packer: {
    label: "Packer",
    summary: "Orders to dispatch: their address and lines, and recording dispatch with tracking. Nothing else.",
  },
  "age-checker": { label: "Age checker", summary: "The age-check queue and customers' ID documents." },
};

const everyRole = staffRoleNames;

/** The permissions, each with who has it and what it covers. */
export const permissionTable = {
  "back-office": {
    roles: everyRole,
    covers: "Open the back office: the dashboard's panels their other permissions allow.",
  },
  "orders.read": {
    roles: ["owner", "manager", "packer"],
    covers: "The orders list and an order's page: its lines, delivery address and history.",
  },
  "orders.dispatch": {
    roles: ["owner", "manager", "packer"],
    covers: "Record dispatch (carrier and tracking) and delivery of a paid, age-checked order.",
  },
  "orders.manage": {
    roles: ["owner", "manager"],
    covers: "Confirm and cancel orders, record payments and customers' cancellation notices; the orders CSV.",
  },
  refunds: { roles: ["owner", "manager"], covers: "Refund to card and record refunds made by hand." },
  returns: { roles: ["owner", "manager"], covers: "Decide returns and take-back requests." },
  "catalogue.edit": {
    roles: ["owner", "manager"],
    covers: "Devices and flavours: add, edit, publish, images, the MHRA list and the catalogue import.",
  },
  "catalogue.export": { roles: ["owner", "manager"], covers: "Download the catalogue as CSV." },
  "prices.edit": { roles: ["owner", "manager"], covers: "Change a price or an original price." },
  "stock.edit": {
    roles: ["owner", "manager"],
    covers: "Stock counts and adjustments, goods in, duty disposals and the duty report.",
  },
  "customers.read": { roles: ["owner", "manager"], covers: "The customer list and a customer's page." },
  "customers.export": {
    roles: ["owner"],
    covers: "Download the customer list, or a customer's data (right of access).",
  },
  "age-checks": { roles: ["owner", "age-checker"], covers: "The age-check queue: verify or refuse a customer's age." },
  "id-documents": { roles: ["owner", "age-checker"], covers: "Open a customer's photo ID on their age check." },
  "content.edit": { roles: ["owner", "manager"], covers: "The blog, reviews and the About page." },
  messages: {
    roles: ["owner", "manager"],
    covers: "Contact messages, replying to them from the shop, and the shop's e-mail outbox.",
  },
  reports: {
    roles: ["owner", "manager"],
    covers: "Sales, VAT and refunds reports for a period, and their CSV.",
  },
  shipping: {
    roles: ["owner", "manager"],
    covers: "Shipping methods: add, edit, order and retire them, their prices, days and free-over totals.",
  },
  "staff.manage": {
    roles: ["owner"],
    covers: "The Staff page: invite, change roles, disable and re-enable, reset two-factor.",
  },
  "audit.read": { roles: ["owner"], covers: "The audit log and its CSV." },
  settings: { roles: ["owner"], covers: "The shop's settings kept in the back office." },
} as const satisfies Record<string, { roles: readonly StaffRole[]; covers: string }>;

export type Permission = keyof typeof permissionTable;
export const permissionNames = Object.keys(permissionTable) as Permission[];

/** Who a permission check reads: a user with their role and staff roles (a session user, or a test's). */
export type RoleHolder = { role: string; staffRoles?: readonly StaffRole[] | null; disabled?: boolean } | null;

/** Whether this user may do this: staff, not disabled, with a role the table gives the permission to. */
export function can(user: RoleHolder, permission: Permission): boolean {
  if (!user || user.role !== "staff" || user.disabled) return false;
  const allowed: readonly StaffRole[] = permissionTable[permission].roles;
  return (user.staffRoles ?? []).some((role) => allowed.includes(role));
}

/** The roles that have a permission, as the 403 page names them ("Owner or Manager"). */
export const rolesAllowed = (permission: Permission): string =>
  permissionTable[permission].roles.map((r) => staffRoles[r].label).join(" or ");

/** Roles read from the user row's text ("owner,packer"): unknown names are dropped, order and repeats normalised. */
export function parseStaffRoles(text: string | null | undefined): StaffRole[] {
  const given = (text ?? "").split(",").map((r) => r.trim());
  return staffRoleNames.filter((role) => given.includes(role));
}

/** Roles as the user row keeps them. */
export const formatStaffRoles = (roles: readonly StaffRole[]): string =>
  staffRoleNames.filter((r) => roles.includes(r)).join(",");

export const isStaffRole = (value: unknown): value is StaffRole => isOneOf(staffRoleNames, value);

/** The refusal a crafted request gets (the 403 page's text). */
export const forbiddenMessage = (permission: Permission): string =>
  `Your staff role does not allow this. It needs the ${rolesAllowed(permission)} role: ask the shop's owner.`;
