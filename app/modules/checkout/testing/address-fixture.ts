import type { AddressInput } from "../addresses";

/** A complete UK address for tests (docs/decisions/046), with any part replaced. */
export const ukAddress = (parts: Partial<AddressInput> = {}): AddressInput => ({
  title: "Home",
  type: "HOME",
  recipient: "Sam Taylor",
  line1: "12 High Street",
  line2: "",
  town: "Leeds",
  postcode: "LS1 1AA",
  phone: "07700 900111",
  ...parts,
});
