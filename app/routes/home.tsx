import { BlogTeaser } from "~/components/home/blog-teaser";
import { DeviceFilterRow } from "~/components/home/device-filter";
import { Banner, InfoBoxes, QuestionsBlock } from "~/components/home/home-sections";
import { ReviewCarousel } from "~/components/home/review-carousel";
import { DeviceCard } from "~/components/product/device-card";
import { FlavourResults } from "~/components/product/product-card";
import { Link } from "~/components/ui/link";
import { pageMeta } from "~/lib/meta";
import { organizationStructuredData } from "~/modules/content/structured-data";
import * as catalog from "~/modules/catalog/catalog.service.server";
import { HOME_FLAVOUR_LIMIT, packDeviceFilters, unpackDeviceFilters } from "~/modules/catalog/catalog";
import { listLatestPosts } from "~/modules/content/blog.service.server";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(
    matches,
    "Premium Legal Vapes",
    "UK-legal vape devices, pods and e-liquids with fresh flavours and quick delivery.",
  ),
  ...organizationStructuredData(matches),
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const device = new URL(request.url).searchParams.get("device");
  // What the catalogue, the reviews and the posts show is asked once per content version (the posts again when one
  // scheduled for later goes live).
  const version = context.catalogueVersion?.();
  const [devices, filters, flavours, reviews, posts] = await Promise.all([
    catalog.listDeviceCards(context.db, version),
    catalog.listDeviceFilters(context.db, version),
    catalog.listFlavourCards(context.db, { deviceSlug: device, limit: HOME_FLAVOUR_LIMIT, version }),
    catalog.listReviews(context.db, version),
    listLatestPosts(context.db, 3, version),
  ]);
  return { devices, filters: packDeviceFilters(filters), flavours, reviews, posts, device };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { devices, filters, flavours, reviews, posts, device } = loaderData;
  return (
    <>
      <Banner />
      <section aria-labelledby="devices-title" className="container-page py-12">
        <h2 id="devices-title" className="text-2xl font-bold">
          Featured devices
        </h2>
        {devices.length === 0 ? (
          <p className="mt-6 rounded-xl bg-slate-50 p-6 text-center text-slate-600">
            No devices yet. Please come back soon.
          </p>
        ) : (
          <div className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {devices.map((d) => (
              <DeviceCard key={d.id} device={d} />
            ))}
          </div>
        )}
      </section>
      <section id="flavours" aria-labelledby="flavours-title" className="container-page scroll-mt-20 py-12">
        <h2 id="flavours-title" className="text-2xl font-bold">
          Flavours
        </h2>
        <div className="mt-4">
          <DeviceFilterRow devices={unpackDeviceFilters(filters)} selected={device} />
        </div>
        <div className="mt-6">
          <FlavourResults flavours={flavours} />
        </div>
        <div className="mt-8 text-center">
          <Link to="/flavours" className="btn-outline">
            View All flavours
          </Link>
        </div>
      </section>
      <InfoBoxes />
      <ReviewCarousel reviews={reviews} />
      <BlogTeaser posts={posts} />
      <QuestionsBlock />
    </>
  );
}
