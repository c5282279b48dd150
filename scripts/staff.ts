// npm run staff -- <command> [options]: the shop owner's commands for staff accounts (`npm run staff -- --help`).
//   create            creates a staff account, or makes an existing account staff, with its roles (--role)
//   list              the staff accounts with their roles and status
//   disable, enable   disables a staff account (signed out everywhere) or enables it again; the last owner stays
//   reset-two-factor  for a staff member who lost their phone and recovery codes
// Every change is written to the audit log with the system user who ran the command.
// A password is read from a hidden prompt, or from standard input when it is piped, unless --password is given (the
// shell's history would keep it). Wrong use prints the command's usage and exits 2, never a stack trace.
import "./require-node.mjs"; // first: an older Node stops here with one line (docs/decisions/030)
import { userInfo } from "node:os";
import { parseArgs, type ParseArgsConfig } from "node:util";
import { z } from "zod";
import { check } from "~/lib/form-check";
import { emailField, passwordField } from "~/modules/accounts/accounts";
import { createOrPromoteStaff } from "~/modules/accounts/accounts.service.server";
import { isStaffRole, staffRoleNames, staffRoles, type StaffRole } from "~/modules/accounts/permissions";
import { resetStaffTwoFactor } from "~/modules/accounts/staff-accounts.service.server";
import {
  cliActor,
  hasEnabledOwner,
  listStaff,
  setDisabledByEmail,
} from "~/modules/accounts/staff-management.service.server";
import type { ShopContext } from "~/context";
import { openShop } from "./cli-context";
import { readPassword } from "./read-password";

type Values = Record<string, string | boolean | string[] | undefined>;
/** Opens the shop's database (a test passes its own). */
export type OpenShop = () => Promise<Omit<ShopContext, "nonce" | "clientIp"> & { close: () => Promise<void> }>;

type Command = {
  summary: string;
  usage: string;
  options: NonNullable<ParseArgsConfig["options"]>;
  run: (values: Values, open: OpenShop) => Promise<number>;
};

/** Who ran the command, for the audit log and the server's log. */
const systemUser = () => process.env.SUDO_USER || userInfo().username;

/** --role values (repeated, or comma-separated): the roles, or the first unknown name. */
function rolesOf(given: Values[string]): { roles: StaffRole[] } | { unknown: string } {
  const names = (Array.isArray(given) ? given : typeof given === "string" ? [given] : [])
    .flatMap((v) => v.split(","))
    .map((v) => v.trim())
    .filter(Boolean);
  const unknown = names.find((n) => !isStaffRole(n));
  if (unknown !== undefined) return { unknown };
  return { roles: staffRoleNames.filter((r) => names.includes(r)) };
}

/** Runs `work` with the shop open, closing it whatever happens. */
async function withShop(open: OpenShop, work: (shop: Awaited<ReturnType<OpenShop>>) => Promise<number>) {
  const shop = await open();
  try {
    return await work(shop);
  } finally {
    await shop.close();
  }
}

const emailOption = (name: string, values: Values): { email: string } | { error: number } => {
  const email = check(z.object({ email: emailField }), { email: String(values.email ?? "") });
  return email.ok
    ? { email: email.data.email.toLowerCase() }
    : { error: usageError(name, `--email: ${email.fieldErrors?.email ?? "enter an e-mail address"}`) };
};

function disableCommand(disabled: boolean): Command {
  const name = disabled ? "disable" : "enable";
  return {
    summary: disabled
      ? "disable a staff account: it is signed out everywhere and cannot sign in (the last owner cannot be)"
      : "enable a disabled staff account again",
    usage: `npm run staff -- ${name} --email someone@example.com`,
    options: { email: { type: "string" }, help },
    async run(values, open) {
      const email = emailOption(name, values);
      if ("error" in email) return email.error;
      return withShop(open, async (shop) => {
        const done = await setDisabledByEmail(shop.db, cliActor(systemUser()), email.email, disabled);
        if (!done.ok) {
          console.error(done.message);
          return 1;
        }
        console.log(done.message);
        return 0;
      });
    },
  };
}

const help = { type: "boolean", short: "h" } as const;

const commands: Record<string, Command> = {
  create: {
    summary: "create a staff account, or make an existing account staff",
    usage: [
      "npm run staff -- create --email someone@example.com --role owner|manager|packer|age-checker [--first-name Sam]",
      "                         [--last-name Lee] [--password P]",
      "  --role may be repeated or comma-separated (--role manager,packer). While the shop has no owner, the account",
      "  is made an owner whatever is asked; after that --role is required.",
      "  Without --password, asks for it (hidden, twice) or reads the first line of standard input when piped:",
      "  printf '%s\\n' \"$PASSWORD\" | npm run staff -- create --email someone@example.com",
    ].join("\n"),
    options: {
      email: { type: "string" },
      password: { type: "string" },
      "first-name": { type: "string" },
      "last-name": { type: "string" },
      role: { type: "string", multiple: true },
      help,
    },
    async run(values, open) {
      const email = check(z.object({ email: emailField }), { email: String(values.email ?? "") });
      if (!email.ok) return usageError("create", `--email: ${email.fieldErrors?.email ?? "enter an e-mail address"}`);
      const asked = rolesOf(values.role);
      if ("unknown" in asked)
        return usageError("create", `--role: "${asked.unknown}" is not a role (${staffRoleNames.join(", ")})`);
      const password = typeof values.password === "string" ? values.password : await readPassword();
      if (password === null) return usageError("create", "the two passwords typed differ; nothing was changed");
      const checked = check(z.object({ password: passwordField }), { password });
      if (!checked.ok) return usageError("create", `password: ${checked.fieldErrors?.password ?? "not accepted"}`);
      return withShop(open, async (shop) => {
        // The shop's first staff account is its owner, whatever was asked; after that the roles are the owner's choice.
        const firstOwner = !(await hasEnabledOwner(shop.db));
        if (!firstOwner && asked.roles.length === 0)
          return usageError("create", "--role: say which roles the account has (the shop has an owner already)");
        const roles: StaffRole[] = firstOwner ? [...new Set<StaffRole>(["owner", ...asked.roles])] : asked.roles;
        const address = email.data.email.toLowerCase();
        const outcome = await createOrPromoteStaff(
          shop,
          {
            email: address,
            password: checked.data.password,
            firstName: values["first-name"] as string | undefined,
            lastName: values["last-name"] as string | undefined,
            roles,
          },
          cliActor(systemUser()),
        );
        const as = roles.map((r) => staffRoles[r].label).join(", ");
        console.log(
          outcome === "created"
            ? `Created the staff account ${address} (${as}).`
            : `${address} already had an account: it is now staff (${as}; its password is unchanged).`,
        );
        return 0;
      });
    },
  },
  "reset-two-factor": {
    summary: "remove a staff member's two-factor set-up (lost phone and recovery codes) and sign them out everywhere",
    usage: [
      "npm run staff -- reset-two-factor --email someone@example.com",
      "  Their authenticator secret and recovery codes are removed and every session of theirs ends; they sign in",
      "  with their password and set two-factor sign-in up again before the back office opens. Logged with who ran it.",
    ].join("\n"),
    options: { email: { type: "string" }, help },
    async run(values, open) {
      const email = check(z.object({ email: emailField }), { email: String(values.email ?? "") });
      if (!email.ok)
        return usageError("reset-two-factor", `--email: ${email.fieldErrors?.email ?? "enter an e-mail address"}`);
      return withShop(open, async (shop) => {
        const reset = await resetStaffTwoFactor(shop, email.data.email, systemUser());
        if (!reset.ok) {
          console.error(reset.message);
          return 1;
        }
        console.log(
          `Two-factor sign-in of ${email.data.email.toLowerCase()} was reset and ${reset.sessionsEnded} session(s) ended: they set it up again at their next sign-in.`,
        );
        return 0;
      });
    },
  },
  list: {
    summary: "list the staff accounts with their roles, two-factor sign-in and status",
    usage: "npm run staff -- list",
    options: { help },
    async run(_values, open) {
      return withShop(open, async (shop) => {
        const members = await listStaff(shop.db);
        if (members.length === 0) console.log("No staff accounts yet: npm run staff -- create --email … makes one.");
        for (const s of members)
          console.log(
            [
              s.email,
              s.roles.map((r) => staffRoles[r].label).join(", ") || "(no role)",
              s.twoFactor ? "two-factor on" : "two-factor not set up",
              s.disabled ? "Disabled" : "Active",
            ].join("\t"),
          );
        return 0;
      });
    },
  },
  disable: disableCommand(true),
  enable: disableCommand(false),
};

function overview(): string {
  const width = Math.max(...Object.keys(commands).map((name) => name.length));
  return [
    "Usage: npm run staff -- <command> [options]",
    "",
    "Commands:",
    ...Object.entries(commands).map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`),
    "",
    "npm run staff -- <command> --help shows a command's options.",
  ].join("\n");
}

function usageError(name: string, problem: string): number {
  console.error(`${problem}\n\nUsage: ${commands[name]!.usage}`);
  return 2;
}

export async function runStaffCommand(argv: string[], open: OpenShop = openShop): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === "--help" || name === "-h" || name === "help") {
    console.log(overview());
    return name ? 0 : 2;
  }
  const command = commands[name];
  if (!command) {
    console.error(`Unknown command "${name}".\n\n${overview()}`);
    return 2;
  }
  let values: Values;
  try {
    values = parseArgs({ args: rest, options: command.options, strict: true, allowPositionals: false })
      .values as Values;
  } catch (error) {
    return usageError(name, error instanceof Error ? error.message : String(error));
  }
  if (values.help) {
    console.log(`Usage: ${command.usage}`);
    return 0;
  }
  return command.run(values, open);
}

// Run as a command (not when imported by create-staff.ts or a test).
if (import.meta.url === `file://${process.argv[1]}`) {
  runStaffCommand(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(`The command failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
