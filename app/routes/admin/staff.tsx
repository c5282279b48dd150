import { data, Form } from "react-router";
import { AdminTable, HeaderRow } from "~/components/admin/list-controls";
import { TextField } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { formText } from "~/lib/form-data";
import { readForm } from "~/lib/form-data.server";
import { pageMeta } from "~/lib/meta";
import { fail, formFeedback, httpStatus, type FieldErrors } from "~/lib/result";
import { formatDateTime } from "~/lib/shop-time";
import { staffRoleNames, staffRoles, type StaffRole } from "~/modules/accounts/permissions";
import { requireStaff } from "~/modules/accounts/session.service.server";
import {
  changeRolesByStaff,
  inviteStaff,
  resetTwoFactorByStaff,
  revokeInvitation,
  setDisabledByStaff,
  staffPage,
} from "~/modules/accounts/staff-management.service.server";
import type { Route } from "./+types/staff";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Staff", "Back office: staff accounts, their roles and invitations.");

/** Owner only: the staff accounts with their roles, and the invitations waiting. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(context, request, "staff.manage");
  return { ...(await staffPage(context.db, staff)), me: staff.id };
}

type Answer = {
  /** Which form answered: a staff account's id, "invite", or "page". */
  target: string;
  notice?: string;
  formError?: string | null;
  errors?: FieldErrors;
  values?: { email?: string; roles?: string[] };
};

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(context, request, "staff.manage");
  const form = await readForm(request);
  const intent = form.get("intent");
  const id = formText(form, "id", 100);
  const roles = form.getAll("roles").map(String);
  const answer = (
    target: string,
    done: { ok: true; message: string } | Parameters<typeof formFeedback>[0],
    values?: Answer["values"],
  ) =>
    done.ok
      ? ({ target, notice: done.message } satisfies Answer)
      : data<Answer>({ target, ...formFeedback(done), values }, { status: httpStatus(done.code) });
  switch (intent) {
    case "invite": {
      const values = { email: formText(form, "email", 300), roles };
      return answer("invite", await inviteStaff(context, staff, values), values);
    }
    case "roles":
      return answer(id, await changeRolesByStaff(context.db, staff, { userId: id, roles }), { roles });
    case "disable":
    case "enable":
      return answer(id, await setDisabledByStaff(context.db, staff, id, intent === "disable"));
    case "reset-two-factor":
      return answer(id, await resetTwoFactorByStaff(context.db, staff, id));
    case "revoke":
      return answer("page", await revokeInvitation(context.db, staff, id));
    default:
      throw data(fail("invalid", "Unknown action."), { status: httpStatus("invalid") });
  }
}

function RoleChoices({ checked, error, idPrefix }: { checked: readonly string[]; error?: string; idPrefix: string }) {
  return (
    <fieldset aria-describedby={error ? `${idPrefix}-roles-error` : undefined}>
      <legend className="text-sm font-medium">Roles</legend>
      <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
        {staffRoleNames.map((role) => (
          <label key={role} className="flex items-center gap-1.5 text-sm" title={staffRoles[role].summary}>
            <input
              type="checkbox"
              name="roles"
              value={role}
              defaultChecked={checked.includes(role)}
              aria-invalid={error ? true : undefined}
              className="h-4 w-4 accent-brand-600"
            />
            {staffRoles[role].label}
          </label>
        ))}
      </div>
      {error && (
        <p id={`${idPrefix}-roles-error`} className="mt-1 text-sm text-rose-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

const button = "rounded-lg border border-slate-300 px-3 py-1 text-sm font-semibold hover:bg-slate-50";
const labels = (roles: readonly StaffRole[]) => roles.map((r) => staffRoles[r].label).join(", ");

export default function AdminStaff({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData as Answer | undefined;
  const { members, invitations, me } = loaderData;
  const about = (target: string) => (answer?.target === target ? answer : undefined);
  return (
    <section aria-labelledby="staff-title" className="space-y-6">
      <h1 id="staff-title" className="text-2xl font-extrabold">
        Staff
      </h1>
      <p className="max-w-3xl text-sm text-slate-600">
        Each member of staff may do what their roles allow. Disabling an account signs it out everywhere at once;
        resetting two-factor makes them set it up again at their next sign-in. The shop always keeps an owner.
      </p>
      <FormAlert message={about("page")?.notice} tone="success" />
      <FormAlert message={about("page")?.formError} />
      <AdminTable caption="Staff accounts" minWidth="min-w-[56rem]">
        <HeaderRow columns={["Name", "E-mail", "Roles", "Two-factor", "Status", "Actions"]} />
        <tbody className="divide-y divide-slate-200">
          {members.map((s) => {
            const mine = about(s.id);
            return (
              <tr key={s.id} aria-label={s.email} className="align-top">
                <th scope="row" data-label="Name" className="px-3 py-2 text-left font-semibold">
                  {s.name}
                  {s.id === me ? " (you)" : ""}
                </th>
                <td data-label="E-mail" className="break-all px-3 py-2">
                  {s.email}
                </td>
                <td data-label="Roles" className="px-3 py-2">
                  {labels(s.roles)}
                </td>
                <td data-label="Two-factor" className="px-3 py-2">
                  {s.twoFactor ? "On" : "Not set up"}
                </td>
                <td data-label="Status" className="px-3 py-2">
                  {s.disabled ? "Disabled" : "Active"}
                </td>
                <td data-label="Actions" className="space-y-2 px-3 py-2">
                  <FormAlert message={mine?.notice} tone="success" />
                  <FormAlert message={mine?.formError} />
                  <Form method="post" aria-label={`Roles of ${s.email}`} className="space-y-2">
                    <input type="hidden" name="id" value={s.id} />
                    <RoleChoices
                      key={mine?.values?.roles?.join(",") ?? s.roles.join(",")}
                      checked={mine?.values?.roles ?? s.roles}
                      error={mine?.errors?.roles}
                      idPrefix={`staff-${s.id}`}
                    />
                    <button type="submit" name="intent" value="roles" className={button}>
                      Save roles
                    </button>
                  </Form>
                  <Form method="post" className="flex flex-wrap gap-2">
                    <input type="hidden" name="id" value={s.id} />
                    <button type="submit" name="intent" value={s.disabled ? "enable" : "disable"} className={button}>
                      {s.disabled ? "Enable" : "Disable"}
                    </button>
                    <button type="submit" name="intent" value="reset-two-factor" className={button}>
                      Reset two-factor
                    </button>
                  </Form>
                </td>
              </tr>
            );
          })}
        </tbody>
      </AdminTable>

      <section aria-labelledby="invitations-title" className="space-y-3">
        <h2 id="invitations-title" className="text-lg font-bold">
          Invitations waiting
        </h2>
        {invitations.length === 0 ? (
          <p className="text-slate-700">No invitations waiting.</p>
        ) : (
          <AdminTable caption="Invitations waiting" minWidth="min-w-[40rem]">
            <HeaderRow columns={["E-mail", "Roles", "Expires", "Invited by", ""]} />
            <tbody className="divide-y divide-slate-200">
              {invitations.map((i) => (
                <tr key={i.id} aria-label={`Invitation to ${i.email}`}>
                  <td data-label="E-mail" className="break-all px-3 py-2">
                    {i.email}
                  </td>
                  <td data-label="Roles" className="px-3 py-2">
                    {labels(i.roles)}
                  </td>
                  <td data-label="Expires" className="whitespace-nowrap px-3 py-2">
                    {formatDateTime(i.expiresAt)}
                  </td>
                  <td data-label="Invited by" className="px-3 py-2">
                    {i.invitedBy}
                  </td>
                  <td className="px-3 py-2">
                    <Form method="post">
                      <input type="hidden" name="id" value={i.id} />
                      <button type="submit" name="intent" value="revoke" className={button}>
                        Revoke
                      </button>
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </AdminTable>
        )}
      </section>

      <section aria-labelledby="invite-title" className="max-w-2xl space-y-4 rounded-2xl border border-slate-200 p-6">
        <h2 id="invite-title" className="text-lg font-bold">
          Invite a member of staff
        </h2>
        <p className="text-sm text-slate-600">
          They get an e-mail with a link that works once, within 7 days: they choose a password (or sign in to the
          account they have) and then set up two-factor sign-in.
        </p>
        <FormAlert message={about("invite")?.notice} tone="success" />
        <FormAlert message={about("invite")?.formError} />
        {/* Drawn afresh after each invitation sent, so the form is empty for the next one. */}
        <Form
          key={about("invite")?.notice ?? "invite"}
          method="post"
          aria-labelledby="invite-title"
          className="space-y-4"
          noValidate
        >
          <TextField
            label="Email"
            name="email"
            type="email"
            required
            defaultValue={about("invite")?.errors ? about("invite")?.values?.email : undefined}
            error={about("invite")?.errors?.email}
          />
          <RoleChoices
            checked={about("invite")?.errors ? (about("invite")?.values?.roles ?? []) : []}
            error={about("invite")?.errors?.roles}
            idPrefix="invite"
          />
          <button
            type="submit"
            name="intent"
            value="invite"
            className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
          >
            Send invitation
          </button>
        </Form>
      </section>
    </section>
  );
}
