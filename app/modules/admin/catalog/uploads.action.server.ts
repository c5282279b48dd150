import { fail, httpStatus } from "~/lib/result";
import { data } from "react-router";
import { z } from "zod";
import type { ShopContext } from "~/context";
import type { SessionUser } from "~/modules/accounts/accounts";
import { assertAllowed, auditActorOf } from "~/modules/accounts/staff";
import { catalogMessages, MAX_IMAGES } from "./catalog-admin";
import type { ImageUploadAnswer } from "./uploads";
import { storeImage, uploadMessages } from "./uploads.service.server";

/** `count`: how many images the item's form already lists (a catalogue item has at most MAX_IMAGES); none for a cover. */
const uploadInput = z.object({ count: z.coerce.number().int().min(0).max(1000).optional() });

/**
 * An image sent alone, as soon as staff choose it on a catalogue or blog form: checked by content and stored with its
 * variants (storeImage), and its address returned for the form to show and send when it is saved. Only the save
 * attaches it to an item or a post; until then it is an upload like any other (the save accepts uploaded images).
 */
export async function uploadImageAction(context: ShopContext, actor: SessionUser, form: FormData) {
  assertAllowed(actor, "catalogue.edit");
  const refuse = (message: string) =>
    data<ImageUploadAnswer>(fail("invalid", message), { status: httpStatus("invalid") });
  const input = uploadInput.safeParse({ count: form.get("count") ?? undefined });
  if (!input.success) return refuse(uploadMessages.missing);
  const file = form.get("image");
  if (!(file instanceof File) || file.size === 0) return refuse(uploadMessages.missing);
  const { count } = input.data;
  if (typeof count === "number" && count >= MAX_IMAGES) return refuse(catalogMessages.tooManyImages);
  const stored = await storeImage(
    context.db,
    {
      dir: context.config.UPLOAD_DIR,
      maxBytes: context.config.UPLOAD_MAX_BYTES,
      uploadedBy: actor.id,
      actor: auditActorOf(actor),
    },
    file,
  );
  if (!stored.ok) return refuse(stored.message);
  return data<ImageUploadAnswer>({ ok: true, url: stored.url });
}
