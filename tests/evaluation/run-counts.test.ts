import { describe, expect, it } from "vitest";
import { countRuns, describeCounts } from "../../src/evaluation/run-counts.ts";
import type { ScoredRun } from "../../src/schemas/scored-run.ts";

type Counted = Pick<ScoredRun, "passed" | "result">;
const passed = { passed: true, result: { outcome: "answered", set_by: "candidate", policy_code: null } } as unknown as Counted;
const failed = { passed: false, result: { outcome: "refused", set_by: "candidate", policy_code: null } } as unknown as Counted;
const infra = (code: string): Counted => ({ passed: false, result: { outcome: "unavailable", set_by: "runtime", policy_code: code } }) as unknown as Counted;

describe("passed / failed / infrastructure", () => {
  it("counts a run the serving side failed as infrastructure, never as failed", () => {
    const counts = countRuns([passed, failed, infra("model_http_error"), infra("model_timeout"), passed]);
    expect(counts).toEqual({ runs: 5, passed: 2, failed: 1, infrastructure: 2 });
    expect(describeCounts(counts)).toBe("2 passed, 1 failed, 2 infrastructure");
  });

  it("counts a run that ended unavailable for the candidate's own reason as failed", () => {
    const own = { passed: false, result: { outcome: "unavailable", set_by: "runtime", policy_code: "model_invalid_output" } } as unknown as Counted;
    expect(countRuns([own])).toEqual({ runs: 1, passed: 0, failed: 1, infrastructure: 0 });
  });

  it("leaves infrastructure out of the words when there is none", () => {
    expect(describeCounts(countRuns([passed, failed]))).toBe("1 passed, 1 failed");
  });
});
