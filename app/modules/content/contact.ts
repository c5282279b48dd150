import { formText } from "~/lib/form-data";
import { z } from "zod";

export const CONTACT_SUBJECTS = ["General Inquiry", "Support", "Feedback"] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];
export const HONEYPOT_FIELD = "website";

export const contactMessages = {
  sent: "Message sent successfully!",
  failed: "Failed to send message.",
  unavailable: "We can't take messages for a moment. Please try again shortly: what you typed is kept.",
} as const;

export const contactLimits = { name: 100, email: 254, phone: 30, message: 5000 } as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const tooLong = (label: string, max: number) => `${label} must be ${max} characters or fewer`;

/**
 * The contact form, with the messages of docs/product/specification.md §5. Both the browser and the server check with
 * it.
 */
export const contactInput = z.object({
  firstName: z
    .string()
    .trim()
    .min(1, "First name is required")
    .max(contactLimits.name, tooLong("First name", contactLimits.name)),
  lastName: z.string().trim().max(contactLimits.name, tooLong("Last name", contactLimits.name)),
  email: z
    .string()
    .trim()
    .min(1, "Email is required")
    .max(contactLimits.email, tooLong("Email", contactLimits.email))
    .regex(EMAIL, "Invalid email"),
  // Optional (issue 33): a reply goes to the e-mail address; a phone number, when given, is checked.
  phone: z
    .string()
    .trim()
    .max(contactLimits.phone, tooLong("Phone", contactLimits.phone))
    .regex(/^(\+?[\d\s()-]*\d[\d\s()-]*)?$/, "Enter a phone number using digits")
    .default(""),
  subject: z.enum(CONTACT_SUBJECTS, "Choose a subject from the list"),
  message: z
    .string()
    .trim()
    .min(1, "Message is required")
    .max(contactLimits.message, tooLong("Message", contactLimits.message)),
});

export type ContactInput = z.infer<typeof contactInput>;
export type ContactField = keyof ContactInput;
export type ContactErrors = Partial<Record<ContactField, string>>;
export type ContactValues = Record<ContactField, string>;

/** Reads the six fields from a form as text; a missing subject is the first one. */
export function contactValues(form: FormData | URLSearchParams): ContactValues {
  const text = (name: string) => formText(form, name);
  return {
    firstName: text("firstName"),
    lastName: text("lastName"),
    email: text("email"),
    phone: text("phone"),
    subject: text("subject") || CONTACT_SUBJECTS[0],
    message: text("message"),
  };
}

/** Checks the values: either the clean input, or the first message for each field that is wrong. */
export function checkContact(values: ContactValues): { input: ContactInput } | { errors: ContactErrors } {
  const result = contactInput.safeParse(values);
  if (result.success) return { input: result.data };
  const errors: ContactErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as ContactField;
    errors[field] ??= issue.message;
  }
  return { errors };
}
