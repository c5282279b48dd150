/**
 * The notice of a cancellation that staff recorded, kept beside the order it cancelled or returned (the back office's
 * cancellation-notice service decides; the orders module, the one writer of the order tables, keeps it).
 */
export { insertNotice as saveCancellationNotice } from "./cancellation-notices.repository.server";
