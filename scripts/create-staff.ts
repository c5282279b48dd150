// npm run create-staff -- --email E --password P [--first-name F] [--last-name L]
// Creates a staff account, or makes an existing account staff. The only way to grant the role.
import "./require-node.mjs"; // first: an older Node stops here with one line (docs/decisions/030)
import { parseArgs } from "node:util";
import { check } from "~/lib/form-check";
import { emailField, passwordField } from "~/modules/accounts/accounts";
import { createOrPromoteStaff } from "~/modules/accounts/accounts.service.server";
import { z } from "zod";
import { openShop } from "./cli-context";

const { values } = parseArgs({
  options: {
    email: { type: "string" },
    password: { type: "string" },
    "first-name": { type: "string" },
    "last-name": { type: "string" },
  },
});

const checked = check(z.object({ email: emailField, password: passwordField }), {
  email: values.email ?? "",
  password: values.password ?? "",
});
if (!checked.ok) {
  console.error("Usage: npm run create-staff -- --email someone@example.com --password 'at least 8 characters'");
  for (const [field, message] of Object.entries(checked.fieldErrors ?? {})) console.error(`  ${field}: ${message}`);
  process.exit(2);
}

const shop = await openShop();
try {
  const outcome = await createOrPromoteStaff(shop, {
    email: checked.data.email,
    password: checked.data.password,
    firstName: values["first-name"],
    lastName: values["last-name"],
  });
  console.log(
    outcome === "created"
      ? `Created the staff account ${checked.data.email.toLowerCase()}.`
      : `${checked.data.email.toLowerCase()} already had an account: it is now staff (its password is unchanged).`,
  );
} finally {
  await shop.close();
}
