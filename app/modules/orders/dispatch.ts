/** Dispatching an order: the courier and its tracking number, shown to the customer and sent in the e-mail. */

/** The couriers staff are offered first (they may type another). */
export const ukCouriers = ["Royal Mail", "Parcelforce", "DPD", "Evri", "DHL", "UPS", "Yodel", "InPost"] as const;

export const dispatchMessages = {
  courierMissing: "Enter the courier carrying the parcel",
  courierLong: "Keep the courier's name to 60 characters",
  trackingMissing: "Enter the parcel's tracking number",
  trackingShape: "A tracking number is 4 to 40 letters and digits (spaces and dashes allowed)",
} as const;

/** 'Sent with Royal Mail, tracking number AB123456789GB.' */
export const dispatchSentence = (dispatch: { courier: string; trackingNumber: string }) =>
  `Sent with ${dispatch.courier}, tracking number ${dispatch.trackingNumber}.`;
