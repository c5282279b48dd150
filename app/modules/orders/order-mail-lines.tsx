/**
 * The parts of an order's e-mails that show its lines and its money (the customer's confirmation and the shop's
 * new-order e-mail): the lines between two rules, then one row per figure.
 */
import { Column } from "@react-email/column";
import { Row } from "@react-email/row";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { mailColours } from "~/modules/mail/mail-layout";

export const mailCell = { fontSize: "14px", lineHeight: "20px", margin: 0, padding: "6px 0" } as const;
const label = { ...mailCell, color: mailColours.muted } as const;

/** A figure: its name on the left (muted unless strong), its amount on the right. */
export function MailLine({ left, right, strong = false }: { left: string; right: string; strong?: boolean }) {
  const style = strong ? { ...mailCell, fontWeight: 700 } : mailCell;
  return (
    <Row>
      <Column>
        <Text style={strong ? style : label}>{left}</Text>
      </Column>
      <Column align="right">
        <Text style={style}>{right}</Text>
      </Column>
    </Row>
  );
}

type MailOrderLine = { quantity: number; name: string; lineTotalCents: number };

/** The order's lines: quantity × name, the variant beneath it, the line's total on the right. */
export function MailOrderLines<L extends MailOrderLine>({
  lines,
  variant,
  money,
}: {
  lines: readonly L[];
  variant: (line: L) => string;
  money: (cents: number) => string;
}) {
  return (
    <Section
      style={{
        borderBottom: `1px solid ${mailColours.line}`,
        borderTop: `1px solid ${mailColours.line}`,
        margin: "8px 0 12px",
      }}
    >
      {lines.map((l, i) => (
        <Row key={i}>
          <Column>
            <Text style={mailCell}>
              {l.quantity} × <strong>{l.name}</strong>
              <br />
              <span style={{ color: mailColours.muted }}>{variant(l)}</span>
            </Text>
          </Column>
          <Column align="right">
            <Text style={mailCell}>{money(l.lineTotalCents)}</Text>
          </Column>
        </Row>
      ))}
    </Section>
  );
}
