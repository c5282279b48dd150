/** The frame of every e-mail the shop sends: its name on a band of its colour, the content, a footer. */
import { Body } from "@react-email/body";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Heading } from "@react-email/heading";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Preview } from "@react-email/preview";
import { Section } from "@react-email/section";
import { render } from "@react-email/render";
import { Text } from "@react-email/text";
import type { ReactElement, ReactNode } from "react";

export const mailColours = {
  brand: "#6d28d9",
  brandDark: "#2e1065",
  brandLight: "#f5f3ff",
  text: "#0f172a",
  muted: "#475569",
  line: "#e2e8f0",
};

export type MailShop = { name: string; email?: string; address?: string };

export function MailLayout({
  shop,
  preview,
  title,
  children,
}: {
  shop: MailShop;
  preview: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body
        style={{
          backgroundColor: mailColours.brandLight,
          color: mailColours.text,
          fontFamily: "Helvetica, Arial, sans-serif",
          margin: 0,
          padding: "24px 0",
        }}
      >
        <Container style={{ backgroundColor: "#ffffff", borderRadius: "12px", maxWidth: "600px", overflow: "hidden" }}>
          <Section style={{ backgroundColor: mailColours.brand, padding: "20px 28px" }}>
            <Text style={{ color: "#ffffff", fontSize: "22px", fontWeight: 800, margin: 0 }}>{shop.name}</Text>
          </Section>
          <Section style={{ padding: "8px 28px 16px" }}>
            <Heading as="h1" style={{ color: mailColours.brandDark, fontSize: "22px", margin: "20px 0 12px" }}>
              {title}
            </Heading>
            {children}
          </Section>
          <Hr style={{ borderColor: mailColours.line, margin: 0 }} />
          <Section style={{ padding: "12px 28px" }}>
            <Text style={{ color: mailColours.muted, fontSize: "12px", margin: 0 }}>
              {[shop.name, shop.address, shop.email].filter(Boolean).join(" · ")}
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

export const paragraph = { fontSize: "15px", lineHeight: "22px", margin: "0 0 12px" } as const;

/** The style of an e-mail's one button (the brand colour, white bold text). */
export const mailButton = {
  backgroundColor: mailColours.brand,
  borderRadius: "8px",
  color: "#ffffff",
  fontWeight: 700,
  padding: "12px 20px",
} as const;

/** An e-mail's HTML from its react-email element (tables and inline styles that mail programs understand). */
export const renderMailHtml = (element: ReactElement) => render(element);
