import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseCollectedTraceFile } from "../../src/candidates/collected-trace.ts";
import { scoreCollectedTrace } from "../../src/evaluation/evaluate.ts";
import { loadFixtures } from "../support.ts";

const DIR = join(import.meta.dirname, "..", "traces", "adversarial");

const Expectation = z.strictObject({
  rule: z.string(),
  passed: z.boolean(),
  checks: z.record(z.string(), z.enum(["pass", "fail", "n/a"])),
  explanation_includes: z.array(z.string()).optional(),
});

const cases = readdirSync(DIR).filter((n) => n.endsWith(".json")).sort();
const fixtures = loadFixtures();

describe("adversarial collected traces get the verdict contract §8a prescribes", () => {
  it("has traces to judge", () => expect(cases.length).toBeGreaterThan(0));

  it.each(cases)("%s", async (name) => {
    const expectation = Expectation.parse(JSON.parse(readFileSync(join(DIR, "expected", name), "utf8")));
    const file = parseCollectedTraceFile(readFileSync(join(DIR, name), "utf8"));
    if (!file.ok) throw new Error(file.message);
    for (const trace of file.traces) {
      const scored = await scoreCollectedTrace(trace, fixtures);
      if (!scored.ok) throw new Error(scored.message);
      const { verdicts } = scored.run;
      const statuses = Object.fromEntries(Object.keys(expectation.checks).map((c) => [c, verdicts.find((v) => v.check === c)?.status ?? "missing"]));
      expect(statuses, expectation.rule).toEqual(expectation.checks);
      expect(scored.run.passed, expectation.rule).toBe(expectation.passed);
      const explanations = verdicts.map((v) => v.explanation).join("\n");
      for (const fragment of expectation.explanation_includes ?? []) expect(explanations, expectation.rule).toContain(fragment);
    }
  });
});
