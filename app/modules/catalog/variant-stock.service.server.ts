/**
 * A variant's stock quantity, changed for the stock module (docs/decisions/043, 072): the variants are the
 * catalogue's table; what the quantity means (orders, returns, staff's counts, the history) is stock's.
 */
export {
  addUnitsByKind,
  changeUnits,
  quarantineUnstamped,
  removeQuarantined,
  setUnitsIf,
  takeUnits,
  variantsWithUnstamped,
  type Taken,
} from "./variant-stock.repository.server";
