import { Form } from "react-router";
import { SubmitButton } from "~/components/account/auth-card";
import { TextField } from "~/components/ui/field";
import { manualKey } from "~/modules/accounts/two-factor";

type Setup = { totpUri: string; qrCode: string; recoveryCodes: string[] };

/** Set-up, step two: scan the QR code (or type the key), keep the recovery codes, and type the first code. */
export function TwoFactorSetup({ setup, redirectTo, error }: { setup: Setup; redirectTo: string; error?: string }) {
  return (
    <section aria-labelledby="tf-setup-title" className="mt-6 space-y-6">
      <h2 id="tf-setup-title" className="text-xl font-bold">
        Scan this code with your authenticator app
      </h2>
      <div className="flex flex-wrap items-start gap-6">
        <img
          src={setup.qrCode}
          alt="QR code to add this account to your authenticator app"
          width={200}
          height={200}
          className="rounded-lg border border-slate-200 bg-white p-2"
        />
        <div className="min-w-0 text-sm">
          <p className="text-slate-600">Can&apos;t scan it? Type this key into the app:</p>
          <p
            className="mt-1 break-all font-mono text-base font-semibold"
            aria-label="Key to type into your authenticator app"
          >
            {manualKey(setup.totpUri)}
          </p>
        </div>
      </div>
      <div>
        <h3 className="font-bold">Your recovery codes</h3>
        <p className="mt-1 text-sm text-slate-600">
          Each works once, instead of a code, if you lose your phone. Keep them somewhere safe: they are shown only now.
        </p>
        <ul aria-label="Recovery codes" className="mt-2 grid grid-cols-2 gap-2 font-mono text-sm sm:grid-cols-5">
          {setup.recoveryCodes.map((code) => (
            <li key={code} className="rounded bg-slate-100 px-2 py-1">
              {code}
            </li>
          ))}
        </ul>
      </div>
      <Form method="post" className="grid gap-4 sm:max-w-md" noValidate aria-label="Turn on two-factor sign-in">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <TextField
          label="Code from your authenticator app"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
          error={error}
        />
        <div className="sm:max-w-xs">
          <SubmitButton label="Turn on" intent="confirm" />
        </div>
      </Form>
    </section>
  );
}
