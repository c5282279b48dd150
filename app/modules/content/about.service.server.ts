import { bumpStorefrontVersion } from "~/db/content-version.server";
import type { Db } from "~/db/database.server";
import { parseJsonList } from "~/db/json-text";
import { check } from "~/lib/form-check";
import type { Result } from "~/lib/result";
import type { SessionUser } from "~/modules/accounts/accounts";
import { assertAllowed, auditActorOf } from "~/modules/accounts/staff";
import { recordAudit } from "~/modules/audit/audit.service.server";
import { countShopFigures } from "~/modules/catalog/catalog.service.server";
import {
  DEFAULT_FIGURES,
  FIGURE_SLOTS,
  FIGURE_SOURCES,
  OFFER_SLOTS,
  shownFigures,
  type AboutSettings,
  type Figure,
  type FigureSource,
  type Offer,
  type StoredFigure,
} from "./about";
import * as repo from "./about.repository.server";
import { aboutFormSchema } from "./about.schema";

// The About page's own words and figures (docs/decisions/037): read for the page, written by staff in the back office
// (/admin/about), loaded with the demo content by app/demo.

const isOffer = (v: unknown): v is Offer =>
  typeof v === "object" &&
  v !== null &&
  typeof (v as Offer).title === "string" &&
  typeof (v as Offer).text === "string";
const isFigure = (v: unknown): v is StoredFigure =>
  typeof v === "object" &&
  v !== null &&
  FIGURE_SOURCES.includes((v as StoredFigure).source) &&
  typeof (v as StoredFigure).value === "string" &&
  typeof (v as StoredFigure).label === "string";

/** The About page as saved, or the shop's defaults when nobody saved it. */
export async function readAboutSettings(db: Db): Promise<AboutSettings> {
  const row = await repo.findAboutRow(db);
  if (!row) return { story: null, offers: null, figures: DEFAULT_FIGURES, demo: false, updatedAt: null };
  return {
    story: row.story,
    offers: row.offers === null ? null : parseJsonList(row.offers, isOffer),
    figures: parseJsonList(row.figures, isFigure),
    demo: Number(row.demo) === 1,
    updatedAt: row.updated_at,
  };
}

/**
 * What the About page shows: the story (or none), the offers staff wrote (or null: the shop's own), the figures. With
 * the storefront's content version, the shop's own figures are counted once per version.
 */
export async function aboutPage(
  db: Db,
  version?: number,
): Promise<{ story: string | null; offers: Offer[] | null; figures: Figure[] }> {
  const [settings, counts] = await Promise.all([readAboutSettings(db), countShopFigures(db, version)]);
  return { story: settings.story, offers: settings.offers, figures: shownFigures(settings.figures, counts) };
}

/** The editor's form values for what is saved now. */
export function aboutFormValues(settings: AboutSettings): Record<string, string> {
  const values: Record<string, string> = { story: settings.story ?? "" };
  for (let i = 1; i <= OFFER_SLOTS; i++) {
    const offer = settings.offers?.[i - 1];
    values[`offer${i}Title`] = offer?.title ?? "";
    values[`offer${i}Text`] = offer?.text ?? "";
  }
  for (let i = 1; i <= FIGURE_SLOTS; i++) {
    const figure = settings.figures[i - 1];
    values[`figure${i}Source`] = figure?.source ?? "none";
    values[`figure${i}Value`] = figure?.value ?? "";
    values[`figure${i}Label`] = figure?.label ?? "";
  }
  return values;
}

/**
 * Saves the About page from the editor's values (staff only); nothing is saved when a field is wrong. Offers left
 * all empty mean the shop's own; a saved page is the shop's, no longer the demo's.
 */
export async function saveAboutPage(
  db: Db,
  actor: SessionUser | null,
  values: Record<string, string>,
  now = new Date(),
): Promise<Result> {
  assertAllowed(actor, "content.edit");
  const checked = check(aboutFormSchema(), values);
  if (!checked.ok) return checked;
  const v = checked.data as Record<string, string>;
  const offers: Offer[] = [];
  for (let i = 1; i <= OFFER_SLOTS; i++) {
    if (v[`offer${i}Title`]) offers.push({ title: v[`offer${i}Title`]!, text: v[`offer${i}Text`]! });
  }
  const figures: StoredFigure[] = [];
  for (let i = 1; i <= FIGURE_SLOTS; i++) {
    const source = v[`figure${i}Source`] as FigureSource;
    if (source === "none") continue;
    const written = source === "written";
    figures.push({ source, value: written ? v[`figure${i}Value`]! : "", label: v[`figure${i}Label`]! });
  }
  await db.transaction().execute(async (trx) => {
    const before = await readAboutSettings(trx);
    await repo.saveAboutRow(trx, {
      story: v.story || null,
      offers: offers.length ? offers : null,
      figures,
      demo: false,
      updatedBy: actor.id,
      updatedAt: now.toISOString(),
    });
    await bumpStorefrontVersion(trx);
    // The page's words are long: the log names the parts that changed, not their text.
    const after = { story: v.story || null, offers: offers.length ? offers : null, figures };
    const changed = (["story", "offers", "figures"] as const).filter(
      (part) => JSON.stringify(before[part]) !== JSON.stringify(after[part]),
    );
    await recordAudit(trx, auditActorOf(actor), {
      action: "about.save",
      entity: "about-page",
      details: { changed },
    });
  });
  return { ok: true };
}
