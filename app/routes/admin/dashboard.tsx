import { data, redirect } from "react-router";
import { DutyPanel, type DisposalAnswer } from "~/components/admin/duty/duty-panel";
import { FormAlert } from "~/components/ui/form-alert";
import { Link } from "~/components/ui/link";
import { Price } from "~/components/ui/price";
import { useShopSettings } from "~/components/layout/use-shop";
import { formatMoney } from "~/lib/money";
import { formatDayLabel as dayLabel } from "~/lib/shop-time";
import { pageMeta } from "~/lib/meta";
import { loadDashboard, type DayTotal } from "~/modules/admin/dashboard/dashboard.service.server";
import { requireStaff } from "~/modules/accounts/session.service.server";
import { can, type Permission } from "~/modules/accounts/permissions";
import { lowStockItems } from "~/modules/stock/stock.service.server";
import { countPendingAgeChecks } from "~/modules/age-checks/age-checks.service.server";
import { LowStockList } from "~/components/admin/low-stock-list";
import { countFailedMail } from "~/modules/admin/mail/mail-admin.service.server";
import { backupStatus } from "~/modules/backups/backups.service.server";
import { formatDateTime } from "~/lib/shop-time";
import { openMoney } from "~/modules/payments/card-payments.service.server";
import { formValues } from "~/lib/form-check";
import { readForm } from "~/lib/form-data.server";
import { formFeedback, httpStatus } from "~/lib/result";
import { dutyDisposalKinds, dutyMessages } from "~/modules/duty/duty";
import { dutyOverview, recordDisposal } from "~/modules/duty/duty.service.server";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Back office", "Orders, revenue and messages at a glance.");

/**
 * Each panel only for staff whose roles allow it (issue 63): what they may not see is neither counted nor sent, so a
 * packer's dashboard holds the orders to dispatch and no sales figures, customers, stock, duty or payments.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(context, request);
  const threshold = context.settings.lowStockThreshold;
  const only = <T,>(permission: Permission, load: () => Promise<T>): Promise<T | null> =>
    can(staff, permission) ? load() : Promise.resolve(null);
  const [dashboard, failedEmails, lowStock, pendingAgeChecks, backup, money, duty] = await Promise.all([
    loadDashboard(context.db, staff),
    only("messages", () => countFailedMail(context.db, staff)),
    only("stock.edit", () => lowStockItems(context.db, threshold)),
    only("age-checks", () => countPendingAgeChecks(context.db)),
    only("settings", () => backupStatus(context.db)),
    only("orders.manage", () => openMoney(context.db)),
    only("stock.edit", () => dutyOverview(context.db, new Date())),
  ]);
  const params = new URL(request.url).searchParams;
  const kind = dutyDisposalKinds.find((k) => k === params.get("disposed"));
  const units = params.get("units") ?? "";
  const notice = kind && /^\d{1,6}$/.test(units) ? dutyMessages.disposed(Number(units), kind) : null;
  return { ...dashboard, failedEmails, lowStock, threshold, pendingAgeChecks, backup, money, duty, notice };
}

/** Records units held back from sale as returned to the supplier or destroyed (the duty panel's forms). */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(context, request, "stock.edit");
  const values = formValues(await readForm(request), ["variantId", "units", "kind", "supplierReference", "stampCode"]);
  const disposed = await recordDisposal(context.db, staff, values);
  if (disposed.ok) return redirect(`/admin?disposed=${disposed.kind}&units=${disposed.units}`);
  const { errors, formError } = formFeedback(disposed);
  return data<DisposalAnswer>(
    { variantId: values.variantId!, errors, formError },
    { status: httpStatus(disposed.code) },
  );
}

function Tile({
  title,
  children,
  to,
  linkText,
}: {
  title: string;
  children: React.ReactNode;
  to?: string;
  linkText?: string;
}) {
  return (
    <section className="rounded-2xl border border-slate-200 p-5">
      <h2 className="text-sm font-semibold text-slate-600">{title}</h2>
      <div className="mt-2 text-2xl font-extrabold">{children}</div>
      {to && (
        <Link to={to} className="mt-2 inline-block text-sm text-brand-700 hover:underline">
          {linkText}
        </Link>
      )}
    </section>
  );
}

/** Revenue per day as bars; the same figures as a table for screen readers and small screens. */
function SalesChart({ sales }: { sales: DayTotal[] }) {
  const { currency } = useShopSettings();
  const max = Math.max(1, ...sales.map((d) => d.revenueCents));
  const barWidth = 100 / sales.length;
  return (
    <section className="mt-8 rounded-2xl border border-slate-200 p-5" aria-labelledby="sales-heading">
      <h2 id="sales-heading" className="text-lg font-bold">
        Sales net of refunds, last {sales.length} days
      </h2>
      <svg viewBox="0 0 100 40" preserveAspectRatio="none" className="mt-4 h-40 w-full" aria-hidden="true">
        {sales.map((d, i) => {
          const height = (Math.max(0, d.revenueCents) / max) * 38;
          return (
            <rect
              key={d.day}
              x={i * barWidth + barWidth * 0.15}
              width={barWidth * 0.7}
              y={40 - height}
              height={height}
              className="fill-brand-600"
            >
              <title>{`${dayLabel(d.day)}: ${formatMoney(d.revenueCents, currency)}`}</title>
            </rect>
          );
        })}
      </svg>
      <div className="mt-1 flex justify-between text-xs text-slate-500" aria-hidden="true">
        <span>{dayLabel(sales[0]!.day)}</span>
        <span>{dayLabel(sales.at(-1)!.day)}</span>
      </div>
      <details className="mt-4">
        <summary className="cursor-pointer text-sm text-brand-700">Show the figures</summary>
        <div className="relative overflow-x-auto">
          <table className="mt-2 w-full text-sm">
            <caption className="sr-only">Orders and revenue per day</caption>
            <thead>
              <tr>
                <th scope="col" className="px-2 py-1 text-left">
                  Day
                </th>
                <th scope="col" className="px-2 py-1 text-right">
                  Orders
                </th>
                <th scope="col" className="px-2 py-1 text-right">
                  Revenue
                </th>
              </tr>
            </thead>
            <tbody>
              {sales.map((d) => (
                <tr key={d.day} className="border-t border-slate-100">
                  <td className="px-2 py-1">{dayLabel(d.day)}</td>
                  <td className="px-2 py-1 text-right">{d.orders}</td>
                  <td className="px-2 py-1 text-right">
                    <Price cents={d.revenueCents} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}

/** When the last backup ran (`npm run backup`), with a warning when there is none from the last two days. */
function Backups({ backup }: { backup: NonNullable<Route.ComponentProps["loaderData"]["backup"]> }) {
  const { last, stale } = backup;
  return (
    <section className="mt-8 rounded-2xl border border-slate-200 p-5" aria-labelledby="backups-heading">
      <h2 id="backups-heading" className="text-lg font-bold">
        Backups
      </h2>
      <p className="mt-2 text-sm">
        {last ? (
          <>
            Last backup: {formatDateTime(last.finishedAt)} ({last.file}, {(last.bytes / 1_000_000).toFixed(1)} MB).
          </>
        ) : (
          "No backup has been taken yet."
        )}
      </p>
      {stale && (
        <p role="alert" className="mt-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          {last ? "The last backup is more than two days old." : "The shop has no backup."} If the disk failed now,
          orders and accounts would be lost: run <code>npm run backup</code> and schedule it every night (the backups
          guide, docs/guide/backups.md, shows how).
        </p>
      )}
    </section>
  );
}

export default function AdminDashboard({ loaderData, actionData }: Route.ComponentProps) {
  const {
    today,
    week,
    awaitingConfirmation,
    toDispatch,
    unhandledMessages,
    failedEmails,
    sales,
    lowStock,
    threshold,
    pendingAgeChecks,
    backup,
    money,
    duty,
    notice,
  } = loaderData;
  return (
    <div>
      <h1 className="text-3xl font-extrabold">Dashboard</h1>
      {notice && (
        <div className="mt-4">
          <FormAlert message={notice} tone="success" />
        </div>
      )}
      <div className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        {today && (
          <Tile title="Today">
            {today.orders} {today.orders === 1 ? "order" : "orders"} · <Price cents={today.revenueCents} />
            <span className="mt-1 block text-xs font-normal text-slate-600">net of refunds</span>
          </Tile>
        )}
        {week && (
          <Tile title="This week">
            {week.orders} {week.orders === 1 ? "order" : "orders"} · <Price cents={week.revenueCents} />
            <span className="mt-1 block text-xs font-normal text-slate-600">net of refunds</span>
          </Tile>
        )}
        {awaitingConfirmation !== null && (
          <Tile title="Waiting for confirmation" to="/admin/orders?status=pending" linkText="See pending orders">
            {awaitingConfirmation}
          </Tile>
        )}
        {toDispatch !== null && (
          <Tile
            title="Orders to dispatch"
            to="/admin/orders?status=confirmed&payment=paid"
            linkText="See orders to dispatch"
          >
            {toDispatch}
          </Tile>
        )}
        {unhandledMessages !== null && (
          <Tile title="Unhandled messages" to="/admin/messages" linkText="Open the inbox">
            {unhandledMessages}
          </Tile>
        )}
        {pendingAgeChecks !== null && (
          <Tile title="Age checks waiting" to="/admin/age-checks" linkText="Check ages">
            {pendingAgeChecks}
          </Tile>
        )}
        {money && (
          <Tile
            title="Card payments being confirmed"
            to="/admin/orders?payment=being-confirmed"
            linkText="See the payments being confirmed"
          >
            {money.waiting}
          </Tile>
        )}
        {money && (
          <Tile
            title="Refunds in flight"
            to="/admin/orders?payment=refund-in-flight"
            linkText="See the refunds in flight"
          >
            {money.refunding}
          </Tile>
        )}
        {failedEmails !== null && (
          <Tile title="Failed e-mails" to="/admin/mail?status=failed" linkText="See failed e-mails">
            <span className={failedEmails > 0 ? "text-red-700" : undefined}>{failedEmails}</span>
          </Tile>
        )}
      </div>
      {duty && <DutyPanel overview={duty} answer={(actionData as DisposalAnswer | undefined) ?? null} />}
      {sales && <SalesChart sales={sales} />}
      {lowStock && <LowStockList items={lowStock} threshold={threshold} />}
      {backup && <Backups backup={backup} />}
    </div>
  );
}
