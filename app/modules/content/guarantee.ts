/**
 * The shop's guarantee, per kind of item (client-safe): the product pages' badge and the Guarantee page say the same.
 * A device is guaranteed for a year (the specification's "Guaranteed 1 year"); a pod or e-liquid only on arrival, so
 * a flavour's page never promises a year (issue 33).
 */
import type { ItemKind } from "~/db/values";

export const guarantees: Record<ItemKind, { badge: string; detail: string; page: string }> = {
  device: {
    badge: "Guaranteed",
    detail: "1 year",
    page: "Every device is guaranteed for 1 year against manufacturing faults.",
  },
  flavour: {
    badge: "Guaranteed on arrival",
    detail: "Against leaks and faults",
    page: "Pods and e-liquids are guaranteed against leaks and faults on arrival.",
  },
};
