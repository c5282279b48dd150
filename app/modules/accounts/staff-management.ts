/**
 * The Staff page's rules (issue 63): who is staff with which roles, invitations to join, and the one rule that keeps
 * the shop manageable: there is always an enabled owner. Client-safe: plain values and schemas, no I/O.
 */
import { z } from "zod";
import { emailField, passwordField } from "./accounts";
import { staffRoleNames, type StaffRole } from "./permissions";

export const staffMessages = {
  chooseRole: "Choose at least one role.",
  unknownRole: "Choose roles from the list.",
  lastOwner: "The shop needs at least one owner: make someone else an owner first.",
  alreadyStaff: (email: string) => `${email} is already staff.`,
  invitationGone: "This invitation has expired or has already been used. Ask the shop's owner for a new one.",
  otherAccount: (email: string) =>
    `This invitation is for ${email}, but you are signed in with another account. Sign out, then open the link again.`,
  signInFirst: (email: string) =>
    `${email} already has an account with the shop: sign in as ${email} first, then accept the invitation.`,
  notFound: "There is no such staff account.",
  tooMany: "Too many invitations in a short time: please try again later.",
} as const;

/** How long an invitation's link works. */
export const INVITATION_DAYS = 7;

/** Roles ticked on a form (each checkbox named "roles"): at least one, and only the shop's. */
export const rolesField = z
  .array(z.string())
  .superRefine((roles, ctx) => {
    if (roles.some((r) => !(staffRoleNames as readonly string[]).includes(r)))
      ctx.addIssue({ code: "custom", message: staffMessages.unknownRole });
    else if (roles.length === 0) ctx.addIssue({ code: "custom", message: staffMessages.chooseRole });
  })
  .transform((roles) => staffRoleNames.filter((r) => roles.includes(r)) as StaffRole[]);

export const rolesInput = z.object({ userId: z.string().min(1).max(100), roles: rolesField });
export const inviteInput = z.object({ email: emailField, roles: rolesField });
export const newStaffInput = z.object({
  firstName: z.string().trim().min(1, "First name is required").max(100, "First name must be 100 characters or fewer"),
  lastName: z.string().trim().min(1, "Last name is required").max(100, "Last name must be 100 characters or fewer"),
  password: passwordField,
});

/** A staff account as the Staff page lists it. */
export type StaffMember = {
  id: string;
  name: string;
  email: string;
  roles: StaffRole[];
  twoFactor: boolean;
  disabled: boolean;
};

/** An invitation waiting to be accepted. */
export type PendingInvitation = { id: string; email: string; roles: StaffRole[]; expiresAt: string; invitedBy: string };
