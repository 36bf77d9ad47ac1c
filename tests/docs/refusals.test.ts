import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { LEADERBOARD_USAGE_CODES } from "../../src/cli/leaderboard.ts";
import { IMPORT_REFUSAL_CODES } from "../../src/evaluation/import/types.ts";
import { LEADERBOARD_PROBLEM_CODES } from "../../src/evaluation/leaderboard.ts";
import { MERGE_PROBLEM_CODES } from "../../src/evaluation/merge.ts";
import { SCORE_FILE_PROBLEM_CODES } from "../../src/evaluation/score-file.ts";
import { FILE_PROBLEM_CODES } from "../../src/files/read-json-file.ts";
import { FIXTURE_PROBLEM_CODES } from "../../src/fixture-set/parse.ts";
import { SEAL_PROBLEM_CODES } from "../../src/integrity/run-digest.ts";
import { SIGNATURE_CODES } from "../../src/integrity/signature.ts";
import { FILE_VERIFICATION_CODES } from "../../src/integrity/verify-file.ts";
import { FIXTURE_DIR_PROBLEM_CODES } from "../../src/node/fixture-files.ts";

const page = readFileSync(join(resolve(import.meta.dirname, "../.."), "docs/refusals.md"), "utf8");

describe("docs/refusals.md", () => {
  it.each([
    ["the reader", FILE_PROBLEM_CODES],
    ["fixtures", FIXTURE_PROBLEM_CODES],
    ["fixture folders", FIXTURE_DIR_PROBLEM_CODES],
    ["seals", SEAL_PROBLEM_CODES],
    ["file verification", FILE_VERIFICATION_CODES],
    ["signatures", SIGNATURE_CODES],
    ["imports", IMPORT_REFUSAL_CODES],
    ["npm run score", SCORE_FILE_PROBLEM_CODES],
    ["merge", MERGE_PROBLEM_CODES],
    ["the leaderboard's ranking", LEADERBOARD_PROBLEM_CODES],
    ["the leaderboard's usage", LEADERBOARD_USAGE_CODES],
  ] as const)("names every code of %s", (_module, codes) => {
    expect(codes.filter((code) => !page.includes(`\`${code}\``))).toEqual([]);
  });
});
