import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { useShopSettings } from "~/components/layout/use-shop";

export function AuthCard({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="container-page flex justify-center py-12">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-extrabold">{title}</h1>
        <div className="mt-6">{children}</div>
        {footer && <div className="mt-6 border-t border-slate-200 pt-4 text-sm text-slate-600">{footer}</div>}
      </div>
    </div>
  );
}

/**
 * Why the visitor is asked to sign in (docs/product/decisions.md, "adding to cart while signed out"): shown when the
 * shop sent them here, above the form.
 */
export function SignInReasonNotice({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p
      role="status"
      className="mb-4 rounded-lg border border-brand-100 bg-brand-50 p-3 text-sm font-medium text-brand-900"
    >
      {message}
    </p>
  );
}

/** The submit button: 'Loading...' while the form is being sent. */
export function SubmitButton({ label, intent }: { label: string; intent?: string }) {
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" && (intent === undefined || navigation.formData?.get("intent") === intent);
  return (
    <button
      type="submit"
      name={intent ? "intent" : undefined}
      value={intent}
      className="btn-primary w-full"
      disabled={busy}
      aria-busy={busy}
    >
      {busy ? "Loading..." : label}
    </button>
  );
}

/** 'Sign in with Google' / 'Sign up with Google', shown only when Google is configured. */
export function GoogleButton({ label, redirectTo }: { label: string; redirectTo: string }) {
  const { googleSignIn } = useShopSettings();
  if (!googleSignIn) return null;
  return (
    <Form method="post" action="/auth/google" className="mt-3">
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <button type="submit" className="btn-outline w-full">
        {label}
      </button>
    </Form>
  );
}
