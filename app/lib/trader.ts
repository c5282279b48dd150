/**
 * Who the shopper buys from (Consumer Contracts Regulations 2013, reg. 13 and Schedule 2): the trader's name, the
 * geographic address where it is established, its e-mail and phone. Shown on the payment step before the order is
 * placed and in the order confirmation (docs/decisions/040). Client-safe: a pure function of the settings.
 */
export type Trader = { name: string; address: string; email: string; phone: string };

/** The settings a trader's details come from (app/lib/config.server.ts). */
type TraderSettings = {
  COMPANY_NAME?: string;
  COMPANY_ADDRESS?: string;
  SHOP_NAME: string;
  SHOP_ADDRESS: string;
  SHOP_EMAIL: string;
  SHOP_PHONE: string;
};

/**
 * The company's legal name and registered office when set (decision 029), else the shop's name and contact
 * address: a sole trader has no company, and the shop always has a name and an address to show.
 */
export const traderDetails = (config: TraderSettings): Trader => ({
  name: config.COMPANY_NAME ?? config.SHOP_NAME,
  address: config.COMPANY_ADDRESS ?? config.SHOP_ADDRESS,
  email: config.SHOP_EMAIL,
  phone: config.SHOP_PHONE,
});

/** The shop's fictional contact defaults (Ofcom's drama range, an example street): a real shop replaces them. */
export const fictionalContactDefaults = {
  SHOP_PHONE: "+44 7700 900123",
  SHOP_EMAIL: "hello@vapourlane.example",
  SHOP_ADDRESS: "12 Example Street, Manchester M1 1AA, United Kingdom",
} as const;

/**
 * The settings a real shop still has to set before the payment step names it truthfully: the company's name and
 * address, and any contact detail left at its fictional default. Empty when all are set.
 */
export function traderSettingsToSet(config: TraderSettings): string[] {
  const unset: string[] = [];
  if (!config.COMPANY_NAME) unset.push("COMPANY_NAME");
  if (!config.COMPANY_ADDRESS) unset.push("COMPANY_ADDRESS");
  for (const [name, value] of Object.entries(fictionalContactDefaults)) {
    if (config[name as keyof typeof fictionalContactDefaults] === value) unset.push(name);
  }
  return unset;
}
