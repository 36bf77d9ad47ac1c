import { realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { InputError } from "../node/input-error.ts";

/** Where a command writes, and the environment it reads: `process` itself, or a test's buffers. */
export interface CliIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  /** Environment variables (an API key is read from one). Default: process.env. */
  env?: Readonly<Record<string, string | undefined>>;
}

/** A command: its arguments (without `node` and the script) in, its exit status out. Never exits the process. */
export type CliMain = (argv: string[], io: CliIo) => Promise<number>;

/**
 * What a command prints when it stops on an error: `finbound verify: byte_order_mark: a.json: the file …`.
 * The code is shown for every InputError that has one beside `usage` (a flag misused says so in its words).
 */
export function errorLine(program: string, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = error instanceof InputError && error.code !== "usage" ? `${error.code}: ` : "";
  return `${program}: ${code}${message}\n`;
}

/**
 * Runs a command's body and turns what it throws into an exit status: an InputError (bad usage, a
 * bad input file or folder) is 2 and its message, anything else is 70. Either is one line, never a stack.
 */
export async function runCommand(program: string, io: CliIo, body: () => Promise<number>): Promise<number> {
  try {
    return await body();
  } catch (error) {
    io.stderr.write(errorLine(program, error));
    return error instanceof InputError ? 2 : 70;
  }
}

/** True when the module at `moduleUrl` is the script Node was started with (`tsx src/cli/eval.ts`), not an import. */
export function isEntryPoint(moduleUrl: string): boolean {
  const script = process.argv[1];
  if (!script) return false;
  try {
    return realpathSync(script) === realpathSync(fileURLToPath(moduleUrl));
  } catch {
    return false;
  }
}

/** The whole of a script's entry: run the command on the process's arguments and streams, and set the exit status. */
export async function runAsScript(main: CliMain): Promise<void> {
  process.exitCode = await main(process.argv.slice(2), process);
}
