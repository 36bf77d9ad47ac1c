import type { CliMain } from "../../src/cli/command.ts";

export interface CliRun {
  status: number;
  stdout: string;
  stderr: string;
}

/** Runs a command in this process, as `npm run <script> -- args` would, capturing what it writes. */
export async function runCli(main: CliMain, args: string[], env: Record<string, string | undefined> = process.env): Promise<CliRun> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const status = await main(args, { stdout: { write: (t: string) => stdout.push(t) }, stderr: { write: (t: string) => stderr.push(t) }, env });
  return { status, stdout: stdout.join(""), stderr: stderr.join("") };
}
