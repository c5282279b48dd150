// What the back office's device and flavour edit pages show of one item, and the flavour form's choice of device.
import type { Db } from "~/db/database.server";
import { catalogIdSchema } from "~/modules/catalog/catalog.schema";
import { flavourOf, toDevice } from "~/modules/catalog/catalog-rows.server";
import type { DeviceValues, FlavourValues } from "./catalog-admin";
import { deviceToValues, flavourToValues } from "./catalog-admin-form";
import * as repo from "./catalog-admin.repository.server";

export type CatalogEditor<V> = {
  id: string;
  name: string;
  archived: boolean;
  updatedAt: string;
  /** The saved price, which variants without their own sell at. */
  priceCents: number;
  values: V;
};
export type FlavourEditor = CatalogEditor<FlavourValues> & {
  device: { id: string; name: string | null; archived: boolean };
};
export type DeviceChoice = { id: string; name: string; archived: boolean };

export async function getDeviceEditor(db: Db, id: string): Promise<CatalogEditor<DeviceValues> | null> {
  if (!catalogIdSchema.safeParse(id).success) return null;
  const row = await repo.findDevice(db, id);
  if (!row) return null;
  const device = toDevice(row, []);
  const values = deviceToValues({
    ...device,
    detailsDescription: device.details.description,
    specifications: device.details.specifications,
    featured: Number(row.featured) === 1,
    position: Number(row.position),
  });
  return { ...editorHead(row), values };
}

/** What the device and flavour editors show of an item's row above its form. */
const editorHead = (row: {
  id: string;
  name: string;
  archived: number | string;
  updated_at: string;
  price_cents: number | string;
}) => ({
  id: row.id,
  name: row.name,
  archived: Number(row.archived) === 1,
  updatedAt: row.updated_at,
  priceCents: Number(row.price_cents),
});

export async function getFlavourEditor(db: Db, id: string): Promise<FlavourEditor | null> {
  if (!catalogIdSchema.safeParse(id).success) return null;
  const row = await repo.findFlavour(db, id);
  if (!row) return null;
  const values = flavourToValues(flavourOf(row, []));
  return {
    ...editorHead(row),
    values,
    device: { id: row.device_id, name: row.device_name, archived: Number(row.device_archived) === 1 },
  };
}

/** The Device select of the flavour form: devices on sale, plus the flavour's own device if that one is archived. */
export async function listDeviceChoices(db: Db, keepId: string | null = null): Promise<DeviceChoice[]> {
  const rows = await repo.findDeviceChoices(db, keepId);
  return rows.map((r) => ({ id: r.id, name: r.name, archived: Number(r.archived) === 1 }));
}
