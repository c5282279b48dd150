// `npm run outbox` (issue 65): --help explains it, wrong use prints the usage (exit 2) and never a stack trace, and it
// shows more than the newest five when asked, or only the e-mails to one address.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createSqliteTestDatabase, type TestDatabase } from "~/db/testing/test-database";
import { insertOutboxEmail } from "~/modules/mail/outbox.repository.server";
import { runOutboxCommand } from "./outbox";

let shop: TestDatabase;
let opened = 0;
const open = async () => {
  opened++;
  return { db: shop.db, close: async () => {} };
};

beforeAll(async () => {
  shop = await createSqliteTestDatabase();
  // Eight e-mails, a minute apart: six to Rita (one written in capitals), two to Sam.
  for (let i = 0; i < 8; i++)
    await insertOutboxEmail(shop.db, {
      id: `mail-${i}`,
      to_address: i % 4 === 3 ? "sam@example.com" : i === 0 ? "Rita@Example.com" : "rita@example.com",
      subject: `Message ${i}`,
      body: `Body ${i}`,
      created_at: new Date(Date.UTC(2026, 10, 29, 9, i)).toISOString(),
    });
});
afterAll(() => shop.drop());

function captured() {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(console, "log").mockImplementation((...args) => void out.push(args.join(" ")));
  vi.spyOn(console, "error").mockImplementation((...args) => void err.push(args.join(" ")));
  return { out, err, subjects: () => out.join("\n").match(/Message \d/g) ?? [] };
}
afterEach(() => vi.restoreAllMocks());

describe("npm run outbox", () => {
  it("explains itself with --help, without opening the database", async () => {
    const { out } = captured();
    expect(await runOutboxCommand(["--help"], open)).toBe(0);
    expect(out.join("\n")).toMatch(/^Usage: npm run outbox \[-- --count N \| --all\] \[--to ADDRESS\]/);
    expect(opened).toBe(0);
  });

  it("refuses an unknown option and a count that is no number with the usage, not a stack trace", async () => {
    const { err } = captured();
    for (const argv of [["--limt", "3"], ["--count", "many"], ["--count", "0"], ["--count", "3", "--all"], ["--to"]])
      expect(await runOutboxCommand(argv, open), argv.join(" ")).toBe(2);
    expect(err.join("\n")).toContain("Unknown option '--limt'");
    expect(err.join("\n")).toContain('--count: a whole number from 1, e.g. --count 20 (not "many")');
    expect(err.join("\n")).not.toMatch(/\n\s+at /);
    expect(opened).toBe(0);
  });

  it("shows the newest five, says how many there are, and more with --count or --all", async () => {
    const shown = captured();
    expect(await runOutboxCommand([], open)).toBe(0);
    expect(shown.subjects()).toEqual(["Message 7", "Message 6", "Message 5", "Message 4", "Message 3"]);
    expect(shown.out.at(-1)).toBe("The newest 5 of 8 e-mails: --count N or --all for more.");
    vi.restoreAllMocks();

    const more = captured();
    expect(await runOutboxCommand(["--count", "7"], open)).toBe(0);
    expect(more.subjects()).toHaveLength(7);
    vi.restoreAllMocks();

    const all = captured();
    expect(await runOutboxCommand(["--all"], open)).toBe(0);
    expect(all.subjects()).toHaveLength(8);
    expect(all.out.at(-1)).toBe("All 8 e-mails.");
  });

  it("shows only the e-mails to one address with --to, in any case", async () => {
    const rita = captured();
    expect(await runOutboxCommand(["--to", "RITA@example.com", "-n", "10"], open)).toBe(0);
    expect(rita.subjects()).toEqual(["Message 6", "Message 5", "Message 4", "Message 2", "Message 1", "Message 0"]);
    expect(rita.out.at(-1)).toBe("All 6 e-mails to RITA@example.com.");
    vi.restoreAllMocks();

    const nobody = captured();
    expect(await runOutboxCommand(["--to", "nobody@example.com"], open)).toBe(0);
    expect(nobody.out).toEqual(["The outbox holds no e-mail to nobody@example.com."]);
  });
});
