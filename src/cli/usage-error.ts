import { parseArgs, type ParseArgsConfig } from "node:util";

import type { RefusalAt } from "../files/refusal.ts";
import { InputError } from "../node/input-error.ts";
import { errorLine } from "./command.ts";

/** A problem with how the CLI was called or with a file it was given: exit status 2, no stack trace. */
export class UsageError extends InputError {
  override readonly name = "UsageError";
}

/** A module's refusal of a file as a usage error: its code and place kept, its words after the file's name (and a hint, if any). */
export const refusalError = (file: string, refusal: { code: string; at: RefusalAt; message: string }, hint = ""): UsageError =>
  new UsageError(`${file}: ${refusal.message}${hint}`, refusal.code, { ...refusal.at, file });

/** Runs a CLI main: 0 all passed, 1 a run failed, 2 bad usage or input. Never prints a stack. */
export async function runMain(program: string, main: () => Promise<number>): Promise<void> {
  try {
    process.exitCode = await main();
  } catch (error) {
    process.stderr.write(errorLine(program, error));
    process.exitCode = error instanceof InputError ? 2 : 70;
  }
}

/** node:util parseArgs (strict: pass `strict: true`), with a parse error turned into a usage error that shows the usage. */
export function parseCli<const T extends ParseArgsConfig>(config: T, usage: string): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch (error) {
    throw new UsageError(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
  }
}

/** A flag's value as a whole number of at least 1, or a usage error naming the flag. */
export function positiveInt(flag: string, value: string): number {
  const n = Number(value);
  if (value.trim() === "" || !Number.isSafeInteger(n) || n < 1) throw new UsageError(`--${flag} must be a whole number of at least 1 (got ${value})`);
  return n;
}
