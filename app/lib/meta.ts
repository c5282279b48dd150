import type { MetaDescriptor } from "react-router";

type Match = { id: string; loaderData?: unknown } | undefined;

/** Title and description for a page, with the shop name taken from the root loader. */
export function pageMeta(matches: Match[], title: string, description: string): MetaDescriptor[] {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { settings?: { name: string } } | undefined;
  const shop = root?.settings?.name ?? "Shop";
  return [
    { title: `${title} | ${shop}` },
    { name: "description", content: description },
    { property: "og:title", content: `${title} | ${shop}` },
    { property: "og:description", content: description },
  ];
}
