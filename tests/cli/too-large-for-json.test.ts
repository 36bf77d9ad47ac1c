import { closeSync, mkdtempSync, openSync, rmSync, truncateSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { CliMain } from "../../src/cli/command.ts";
import { main as diffMain } from "../../src/cli/diff.ts";
import { main as reportMain } from "../../src/cli/export-report.ts";
import { main as leaderboardMain } from "../../src/cli/leaderboard.ts";
import { main as mergeMain } from "../../src/cli/merge.ts";
import { readFileBytes } from "../../src/cli/read-file.ts";
import { main as scoreMain } from "../../src/cli/score.ts";
import { main as tableMain } from "../../src/cli/table.ts";
import { main as verifyMain } from "../../src/cli/verify.ts";
import { DEFAULT_MAX_FILE_BYTES, MAX_JSON_FILE_BYTES, tooLarge, tooLargeForJson } from "../../src/files/read-json-file.ts";
import { InputError } from "../../src/node/input-error.ts";
import { runCli } from "./run-cli.ts";

// Sparse files: 300 MB on paper, a few bytes on disk, so nothing here writes or reads 300 MB.
const SIZE = 300 * 1000 * 1000;
const dir = mkdtempSync(join(tmpdir(), "finbound-too-large-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function sparse(name: string, head: string): string {
  const file = join(dir, name);
  const fd = openSync(file, "w");
  writeSync(fd, head);
  closeSync(fd);
  truncateSync(file, SIZE);
  return file;
}

const json = sparse("suite.json", '{\n  "format": "finbound.scored-suite/v1",\n  "runs": [');
const jsonl = sparse("suite.jsonl", '{"format":"finbound.scored-suite/v1+jsonl"}\n{"format":"finbound.scored-run/v1"');

const codeOf = (read: () => unknown): string | null => {
  try {
    read();
    return null;
  } catch (error) {
    return error instanceof InputError ? error.code : "not an input error";
  }
};

describe("a JSON file too large to read whole is refused at once, in words that name the limit and JSONL", () => {
  it("the refusal names the limit and --format jsonl", () => {
    expect(SIZE).toBeGreaterThan(MAX_JSON_FILE_BYTES);
    expect(tooLargeForJson().message).toContain(`${MAX_JSON_FILE_BYTES} bytes`);
    expect(tooLargeForJson().message).toContain("--format jsonl");
  });

  it("whatever --max-bytes allows: raising it cannot make one JSON value readable", () => {
    expect(codeOf(() => readFileBytes(json, DEFAULT_MAX_FILE_BYTES))).toBe("too_large_for_json");
    expect(codeOf(() => readFileBytes(json, 10 * SIZE))).toBe("too_large_for_json");
  });

  const commands: [string, CliMain, string[]][] = [
    ["verify", verifyMain, [json]],
    ["score", scoreMain, [json]],
    ["report", reportMain, [json]],
    ["table", tableMain, [json]],
    ["leaderboard", leaderboardMain, [json]],
    ["diff", diffMain, [json, json]],
    ["merge", mergeMain, [json, "--out", join(dir, "merged.json")]],
  ];
  it.each(commands)("npm run %s exits 2 with those words, --max-bytes or not", async (_, main, args) => {
    for (const extra of [[], ["--max-bytes", String(10 * SIZE)]]) {
      const run = await runCli(main, [...args, ...extra]);
      expect(run.status).toBe(2);
      expect(run.stderr).toContain(`${json}: ${tooLargeForJson().message}`);
    }
  });

  it("a JSONL suite of the same size is not refused by that rule: only by --max-bytes", async () => {
    expect(codeOf(() => readFileBytes(jsonl, DEFAULT_MAX_FILE_BYTES))).toBe("too_large");
    const run = await runCli(verifyMain, [jsonl]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(`${jsonl}: ${tooLarge(DEFAULT_MAX_FILE_BYTES).message}`);
    expect(run.stderr).not.toContain("--format jsonl");
  });
});
