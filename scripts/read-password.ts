// A password for a command, never from its arguments: a hidden prompt (typed twice) on a terminal, else the first
// line of standard input (for scripts: `printf '%s\n' "$PASSWORD" | npm run staff -- create …`).
import { stdin, stdout } from "node:process";

/** What was typed up to Enter, not echoed. Ctrl-C stops the command. */
function promptHidden(question: string): Promise<string> {
  stdout.write(question);
  stdin.setRawMode(true);
  stdin.resume();
  stdin.setEncoding("utf8");
  return new Promise((resolve) => {
    let value = "";
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === "\r" || char === "\n") {
          stdin.off("data", onData);
          stdin.setRawMode(false);
          stdin.pause();
          stdout.write("\n");
          return resolve(value);
        }
        if (char === "\u0003") {
          stdout.write("\n");
          process.exit(130);
        }
        if (char === "\u007f" || char === "\b") value = value.slice(0, -1);
        else value += char;
      }
    };
    stdin.on("data", onData);
  });
}

async function firstLineOfInput(): Promise<string> {
  let text = "";
  for await (const chunk of stdin) {
    text += String(chunk);
    if (text.includes("\n")) break;
  }
  return text.split(/\r?\n/)[0] ?? "";
}

/** The password, or null when the two typed on a terminal differ. */
export async function readPassword(): Promise<string | null> {
  if (!stdin.isTTY) return firstLineOfInput();
  const first = await promptHidden("Password (at least 8 characters, not shown): ");
  const again = await promptHidden("The same password again: ");
  return first === again ? first : null;
}
