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

/**
 * Each offered courier's own tracking page for a parcel (their public "track your item" addresses); null for a courier
 * typed by hand, whose number is shown without a link.
 */
const trackingPages: Record<(typeof ukCouriers)[number], (number: string) => string> = {
  "Royal Mail": (n) => `https://www.royalmail.com/track-your-item#/tracking-results/${n}`,
  Parcelforce: (n) => `https://www.parcelforce.com/track-trace?trackNumber=${n}`,
  DPD: (n) => `https://track.dpd.co.uk/parcels/${n}`,
  Evri: (n) => `https://www.evri.com/track/parcel/${n}`,
  DHL: (n) => `https://www.dhl.com/gb-en/home/tracking.html?tracking-id=${n}`,
  UPS: (n) => `https://www.ups.com/track?tracknum=${n}`,
  Yodel: (n) => `https://www.yodel.co.uk/track/${n}`,
  InPost: (n) => `https://inpost.co.uk/tracking/?number=${n}`,
};

export function trackingUrl(dispatch: { courier: string; trackingNumber: string }): string | null {
  const courier = ukCouriers.find((c) => c.toLowerCase() === dispatch.courier.trim().toLowerCase());
  return courier ? trackingPages[courier](encodeURIComponent(dispatch.trackingNumber.replace(/\s+/g, ""))) : null;
}
