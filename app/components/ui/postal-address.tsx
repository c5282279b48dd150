import { addressHeading, postalLines, type DeliveryAddress } from "~/lib/uk-address";

/**
 * An address as a courier reads it, one part per line (recipient, lines, town, postcode), then the phone; under its
 * nickname and type when `named`. A line of an address saved as free text keeps its own line breaks.
 */
export function PostalAddress({ address, named = true }: { address: DeliveryAddress; named?: boolean }) {
  return (
    <address className="mt-1 not-italic break-words">
      {named && <span className="block">{addressHeading(address)}</span>}
      {postalLines(address).map((line, i) => (
        <span key={i} className="block">
          {line}
        </span>
      ))}
      <span className="block">{address.phone}</span>
    </address>
  );
}
