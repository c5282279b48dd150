import { useEffect, useRef, useState, type FormEvent } from "react";
import { useShopper } from "~/components/layout/use-shop";
import { Form } from "react-router";
import { toast } from "~/components/ui/toast";
import { Spinner, TextAreaField, TextField } from "~/components/ui/field";
import {
  checkContact,
  CONTACT_SUBJECTS,
  contactLimits,
  contactMessages,
  contactValues,
  HONEYPOT_FIELD,
  type ContactErrors,
  type ContactValues,
} from "~/modules/content/contact";
import type { ContactActionResult } from "~/modules/content/contact.action.server";

const CONTACT_TOAST_MS = 3000;
const empty: ContactValues = {
  firstName: "",
  lastName: "",
  email: "",
  phone: "",
  subject: CONTACT_SUBJECTS[0],
  message: "",
};

/**
 * Idle → sending → sent (toast, form and errors cleared) or failed (toast, what was typed stays).
 * Without JavaScript the form posts to /contactus and the page answers with the same result.
 */
export function ContactForm({ serverResult }: { serverResult?: ContactActionResult }) {
  const formRef = useRef<HTMLFormElement>(null);
  const failed = serverResult && !serverResult.ok ? serverResult : null;
  const [errors, setErrors] = useState<ContactErrors>(failed?.errors ?? {});
  const [formError, setFormError] = useState<string | null>(failed?.formError ?? null);
  const [sending, setSending] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const values = formKey === 0 && failed ? failed.values : empty;
  const user = useShopper()?.user;
  const [firstName, lastName, email] = [user?.firstName, user?.lastName, user?.email];

  // A signed-in shopper's name and e-mail, filled in once /api/me has said who is here: never by the server, whose
  // page is the same cached HTML for everyone (docs/decisions/017, 085). A field already typed in is left alone.
  useEffect(() => {
    const known: Partial<ContactValues> = { firstName, lastName, email };
    for (const [name, value] of Object.entries(known)) {
      const input = formRef.current?.querySelector<HTMLInputElement>(`input[name="${name}"]`);
      if (input && !input.value && value) input.value = value;
    }
  }, [firstName, lastName, email, formKey]);

  const focusFirstError = (found: ContactErrors) => {
    const first = Object.keys(found)[0];
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const checked = checkContact(contactValues(data));
    if ("errors" in checked) {
      setErrors(checked.errors);
      focusFirstError(checked.errors);
      return;
    }
    setErrors({});
    setFormError(null);
    setSending(true);
    try {
      const response = await fetch("/api/contact", {
        method: "POST",
        body: data,
        headers: { Accept: "application/json" },
      });
      const result = (await response.json()) as ContactActionResult;
      if (result.ok) {
        toast.success(contactMessages.sent, { autoClose: CONTACT_TOAST_MS });
        form.reset();
        setFormKey((k) => k + 1);
        return;
      }
      setErrors(result.errors);
      setFormError(result.formError);
      focusFirstError(result.errors);
      if (result.formError) toast.error(result.formError, { autoClose: CONTACT_TOAST_MS });
    } catch {
      setFormError(contactMessages.failed);
      toast.error(contactMessages.failed, { autoClose: CONTACT_TOAST_MS });
    } finally {
      setSending(false);
    }
  }

  return (
    <Form
      key={formKey}
      ref={formRef}
      method="post"
      action="/contactus"
      noValidate
      onSubmit={onSubmit}
      className="grid gap-4 sm:grid-cols-2"
      aria-label="Contact form"
    >
      {serverResult?.ok && (
        <p role="status" className="rounded-lg bg-emerald-50 p-3 text-emerald-800 sm:col-span-2">
          {serverResult.message}
        </p>
      )}
      <TextField
        label="First Name"
        name="firstName"
        required
        autoComplete="given-name"
        maxLength={contactLimits.name}
        defaultValue={values.firstName}
        error={errors.firstName}
      />
      <TextField
        label="Last Name"
        name="lastName"
        autoComplete="family-name"
        maxLength={contactLimits.name}
        defaultValue={values.lastName}
        error={errors.lastName}
      />
      <TextField
        label="Email"
        name="email"
        type="email"
        required
        autoComplete="email"
        maxLength={contactLimits.email}
        defaultValue={values.email}
        error={errors.email}
      />
      <TextField
        label="Phone Number"
        name="phone"
        type="tel"
        autoComplete="tel"
        maxLength={contactLimits.phone}
        defaultValue={values.phone}
        error={errors.phone}
      />
      <fieldset className="sm:col-span-2">
        <legend className="text-sm font-medium">Subject</legend>
        <div className="mt-2 flex flex-wrap gap-4">
          {CONTACT_SUBJECTS.map((subject) => (
            <label key={subject} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="subject"
                value={subject}
                defaultChecked={values.subject === subject}
                className="h-4 w-4 accent-brand-600"
              />
              {subject}
            </label>
          ))}
        </div>
        {errors.subject && <p className="mt-1 text-sm text-rose-700">{errors.subject}</p>}
      </fieldset>
      <div className="sm:col-span-2">
        <TextAreaField
          label="Message"
          name="message"
          required
          rows={6}
          maxLength={contactLimits.message}
          defaultValue={values.message}
          error={errors.message}
        />
      </div>
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label>
          Leave this field empty
          <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
        </label>
      </div>
      {formError && (
        <p role="alert" className="rounded-lg bg-rose-50 p-3 text-rose-800 sm:col-span-2">
          {formError}
        </p>
      )}
      <div className="sm:col-span-2">
        <button type="submit" className="btn-primary" disabled={sending} aria-busy={sending}>
          {sending && <Spinner />}
          Send Message
        </button>
      </div>
    </Form>
  );
}
