// npm run staff -- <command> [options]: the shop owner's commands for staff accounts (`npm run staff -- --help`).
//   create            creates a staff account, or makes an existing account staff (the only way to grant the role)
//   reset-two-factor  for a staff member who lost their phone and recovery codes
// A password is read from a hidden prompt, or from standard input when it is piped, unless --password is given (the
// shell's history would keep it). Wrong use prints the command's usage and exits 2, never a stack trace.
import "./require-node.mjs"; // first: an older Node stops here with one line (docs/decisions/030)
import { userInfo } from "node:os";
import { parseArgs, type ParseArgsConfig } from "node:util";
import { z } from "zod";
import { check } from "~/lib/form-check";
import { emailField, passwordField } from "~/modules/accounts/accounts";
import { createOrPromoteStaff } from "~/modules/accounts/accounts.service.server";
import { resetStaffTwoFactor } from "~/modules/accounts/staff-accounts.service.server";
import { openShop } from "./cli-context";
import { readPassword } from "./read-password";

type Command = {
  summary: string;
  usage: string;
  options: NonNullable<ParseArgsConfig["options"]>;
  run: (values: Record<string, string | boolean | undefined>) => Promise<number>;
};

const help = { type: "boolean", short: "h" } as const;

const commands: Record<string, Command> = {
  create: {
    summary: "create a staff account, or make an existing account staff",
    usage: [
      "npm run staff -- create --email someone@example.com [--first-name Sam] [--last-name Lee] [--password P]",
      "  Without --password, asks for it (hidden, twice) or reads the first line of standard input when piped:",
      "  printf '%s\\n' \"$PASSWORD\" | npm run staff -- create --email someone@example.com",
    ].join("\n"),
    options: {
      email: { type: "string" },
      password: { type: "string" },
      "first-name": { type: "string" },
      "last-name": { type: "string" },
      help,
    },
    async run(values) {
      const email = check(z.object({ email: emailField }), { email: String(values.email ?? "") });
      if (!email.ok) return usageError("create", `--email: ${email.fieldErrors?.email ?? "enter an e-mail address"}`);
      const password = typeof values.password === "string" ? values.password : await readPassword();
      if (password === null) return usageError("create", "the two passwords typed differ; nothing was changed");
      const checked = check(z.object({ password: passwordField }), { password });
      if (!checked.ok) return usageError("create", `password: ${checked.fieldErrors?.password ?? "not accepted"}`);
      const shop = await openShop();
      try {
        const address = email.data.email.toLowerCase();
        const outcome = await createOrPromoteStaff(shop, {
          email: address,
          password: checked.data.password,
          firstName: values["first-name"] as string | undefined,
          lastName: values["last-name"] as string | undefined,
        });
        console.log(
          outcome === "created"
            ? `Created the staff account ${address}.`
            : `${address} already had an account: it is now staff (its password is unchanged).`,
        );
        return 0;
      } finally {
        await shop.close();
      }
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
    async run(values) {
      const email = check(z.object({ email: emailField }), { email: String(values.email ?? "") });
      if (!email.ok)
        return usageError("reset-two-factor", `--email: ${email.fieldErrors?.email ?? "enter an e-mail address"}`);
      const shop = await openShop();
      try {
        const ranBy = process.env.SUDO_USER || userInfo().username;
        const reset = await resetStaffTwoFactor(shop, email.data.email, ranBy);
        if (!reset.ok) {
          console.error(reset.message);
          return 1;
        }
        console.log(
          `Two-factor sign-in of ${email.data.email.toLowerCase()} was reset and ${reset.sessionsEnded} session(s) ended: they set it up again at their next sign-in.`,
        );
        return 0;
      } finally {
        await shop.close();
      }
    },
  },
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

export async function runStaffCommand(argv: string[]): Promise<number> {
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
  let values: Record<string, string | boolean | undefined>;
  try {
    // No option is `multiple`: each value is one string or boolean.
    values = parseArgs({ args: rest, options: command.options, strict: true, allowPositionals: false })
      .values as Record<string, string | boolean | undefined>;
  } catch (error) {
    return usageError(name, error instanceof Error ? error.message : String(error));
  }
  if (values.help) {
    console.log(`Usage: ${command.usage}`);
    return 0;
  }
  return command.run(values);
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
