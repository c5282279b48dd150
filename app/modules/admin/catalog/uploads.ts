import type { Failure } from "~/lib/result";

/** Where the back office's forms send an image the moment it is chosen (routes/admin/upload.ts). */
export const IMAGE_UPLOAD_PATH = "/admin/upload";

/** Its answer: the stored image's address, or why the file was refused (nothing is stored then). */
export type ImageUploadAnswer = { ok: true; url: string } | Failure;
