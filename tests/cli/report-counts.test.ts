import { describe, expect, it } from "vitest";
import { formatRuns } from "../../src/cli/report.ts";
import type { ScoredRun } from "../../src/schemas/scored-run.ts";

const run = (candidate: string, passed: boolean, infra?: string): ScoredRun =>
  ({
    fixture: "fv-scenario-a",
    candidate,
    outcome: infra ? "unavailable" : passed ? "answered" : "refused",
    passed,
    verdicts: passed || infra ? [] : [{ check: "outcome", status: "fail", explanation: "expected answered" }],
    result: infra ? { outcome: "unavailable", set_by: "runtime", policy_code: infra, reason: null, message: "HTTP 500" } : { outcome: passed ? "answered" : "refused", set_by: "candidate", policy_code: null, reason: null, message: "" },
    events: [],
    unused_replies: 0,
  }) as unknown as ScoredRun;

const runs = [run("a", true), run("b", false), run("c", false, "model_http_error"), run("d", false, "model_timeout")];

describe("the CLI's summaries count infrastructure apart from failures", () => {
  it("ends the table with passed / failed / infrastructure", () => {
    expect(formatRuns(runs, "table").trimEnd().split("\n").at(-1)).toBe("1 passed, 1 failed, 2 infrastructure");
  });

  it("writes runs the serving side failed as JUnit errors, not failures", () => {
    const xml = formatRuns(runs, "junit");
    expect(xml).toContain('<testsuites name="finbound" tests="4" failures="1" errors="2"');
    expect(xml.match(/<error type="model_[a-z_]+"/g)).toHaveLength(2);
    expect(xml.match(/<failure /g)).toHaveLength(1);
  });
});
