import type { StaffRole, UserRole } from "~/db/values";
import { z } from "zod";

// The set of roles is defined once with the schema (docs/decisions/025).
export { userRoles, type UserRole } from "~/db/values";

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const ADULT_AGE = 18;

export const accountMessages = {
  invalidCredentials: "Invalid email or password",
  checkEmail: "Check your e-mail to finish creating your account.",
  confirmEmailFirst: "Please confirm your e-mail address first: we have sent you a new link.",
  emailConfirmed: "Your e-mail address is confirmed. Please sign in.",
  confirmInvalid:
    "This link has expired or is not valid. Sign in with your e-mail and password and we will send you a new one.",
  underage: "Sorry, you must be 18 or over to have an account with us.",
  resetSent:
    "If an account exists for that email, we have sent it a link to choose a new password. The link works once, within one hour.",
  resetInvalid: "This reset link has expired or has already been used. Please ask for a new one.",
  passwordChanged: "Your password has been changed. You have been signed out everywhere else.",
  profileSaved: "Your details have been saved.",
  failed: "Something went wrong on our side. Please try again.",
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export const emailField = z
  .string()
  .trim()
  .min(1, "Email is required")
  .max(254, "Email must be 254 characters or fewer")
  .regex(EMAIL, "Invalid email");
export const passwordField = z
  .string()
  .min(1, "Password is required")
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be ${PASSWORD_MAX} characters or fewer`);
const nameField = (label: string) => z.string().trim().max(100, `${label} must be 100 characters or fewer`);

/** Whole years between a date of birth (YYYY-MM-DD) and today (UTC calendar dates). */
export function ageOn(dateOfBirth: string, today: Date = new Date()): number {
  const [y, m, d] = dateOfBirth.split("-").map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - y;
  const beforeBirthday = today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d);
  if (beforeBirthday) age--;
  return age;
}

function isRealDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) && date.getUTCFullYear() >= 1900;
}

export const dateOfBirthField = z
  .string()
  .trim()
  .min(1, "Date of birth is required")
  .refine(isRealDate, "Enter your date of birth as a real date")
  .refine((v) => !isRealDate(v) || ageOn(v) < 130, "Enter your date of birth as a real date")
  .refine((v) => !isRealDate(v) || ageOn(v) >= ADULT_AGE, accountMessages.underage);

export const signUpInput = z.object({
  firstName: nameField("First name"),
  lastName: nameField("Last name"),
  email: emailField,
  password: passwordField,
  dateOfBirth: dateOfBirthField,
  terms: z.literal("on", "Please accept the terms to create an account"),
});
export type SignUpInput = z.infer<typeof signUpInput>;

export const signInInput = z.object({
  email: emailField,
  password: z.string().min(1, "Password is required").max(PASSWORD_MAX, "Invalid email or password"),
  rememberMe: z.boolean(),
});

export const resetRequestInput = z.object({ email: emailField });
export const resetInput = z.object({ token: z.string().min(1).max(200), password: passwordField });
export const dateOfBirthInput = z.object({ dateOfBirth: dateOfBirthField });
export const profileInput = z.object({
  firstName: nameField("First name").min(1, "First name is required"),
  lastName: nameField("Last name"),
});
export const changePasswordInput = z.object({
  currentPassword: z.string().min(1, "Enter your current password").max(PASSWORD_MAX),
  newPassword: passwordField,
});

export type SessionUser = {
  id: string;
  name: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  dateOfBirth: string | null;
  role: UserRole;
  authProvider: string | null;
  /** The account signs in with a second factor (TOTP). */
  twoFactorEnabled?: boolean;
  /** This session proved the second factor: the back office asks for it. */
  secondFactor?: boolean;
  /** A staff account's roles (app/modules/accounts/permissions.ts decides what each may do). */
  staffRoles?: readonly StaffRole[];
  /** The address the request came from: what the audit log keeps of a member of staff's request (requireStaff). */
  clientIp?: string | null;
};

/** "First Last", or the account's name when neither is given (what staff see). */
export const fullName = (r: { name: string; firstName: string | null; lastName: string | null }) =>
  [r.firstName, r.lastName].filter(Boolean).join(" ").trim() || r.name;

export const displayName = (user: Pick<SessionUser, "firstName" | "name" | "email">) =>
  user.firstName || user.name || user.email;
