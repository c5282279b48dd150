import { data } from "react-router";
import { Link } from "~/components/ui/link";
import { pageMeta } from "~/lib/meta";
import { shopCookies } from "~/modules/content/cookies";
import { findInfoPage } from "~/modules/content/info-pages";
import { activeShippingMethods } from "~/modules/checkout/shipping-methods.service.server";
import type { Route } from "./+types/info";

export async function loader({ params, context }: Route.LoaderArgs) {
  const page = findInfoPage(params.slug, {
    shop: context.settings.name,
    email: context.config.SHOP_EMAIL,
    address: context.config.SHOP_ADDRESS,
    currency: context.settings.currency,
    backupDays: context.config.BACKUP_KEEP_DAYS,
    shippingMethods: params.slug === "terms-of-delivery" ? await activeShippingMethods(context.db) : undefined,
  });
  if (!page) throw data(null, { status: 404 });
  return { page, cookies: page.listsCookies ? shopCookies : [] };
}

export const meta: Route.MetaFunction = ({ loaderData: data, matches }) =>
  data ? pageMeta(matches, data.page.title, data.page.paragraphs[0] ?? data.page.title) : [{ title: "Page not found" }];

export default function Info({ loaderData }: Route.ComponentProps) {
  const { page, cookies } = loaderData;
  return (
    <article className="container-page max-w-3xl py-12">
      <h1 className="text-3xl font-bold">{page.title}</h1>
      {page.paragraphs.map((p) => (
        <p key={p} className="mt-4 text-slate-700">
          {p}
        </p>
      ))}
      {cookies.length > 0 && (
        <div className="mt-6 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="text-left font-semibold">What the shop stores in your browser</caption>
            <thead className="border-b border-slate-200 text-slate-600">
              <tr>
                <th scope="col" className="py-2 pr-3">
                  Name
                </th>
                <th scope="col" className="py-2 pr-3">
                  Type
                </th>
                <th scope="col" className="py-2 pr-3">
                  Why
                </th>
                <th scope="col" className="py-2">
                  How long
                </th>
              </tr>
            </thead>
            <tbody>
              {cookies.map((c) => (
                <tr key={c.name} className="border-b border-slate-100 align-top">
                  <th scope="row" className="py-2 pr-3 font-mono font-semibold">
                    {c.name}
                  </th>
                  <td className="py-2 pr-3">{c.kind}</td>
                  <td className="py-2 pr-3">{c.purpose}</td>
                  <td className="py-2">{c.lasts}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {page.links.length > 0 && (
        <ul className="mt-6 flex flex-wrap gap-3">
          {page.links.map((l) => (
            <li key={l.to}>
              <Link to={l.to} className="btn-outline">
                {l.label}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
