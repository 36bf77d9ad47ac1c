import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compareVerdicts } from "../../src/evaluation/rescore.ts";
import { canonicallyEqual } from "../../src/runtime/canonical-equal.ts";
import type { Verdict } from "../../src/schemas/verdict.ts";

/** The rule, written plainly: every check either list names, the file's first; each check's first verdict on each side. */
function plainly(inFile: readonly Verdict[], recomputed: readonly Verdict[]) {
  const checks = [...new Set([...inFile.map((v) => v.check), ...recomputed.map((v) => v.check)])];
  return checks.flatMap((check) => {
    const a = inFile.find((v) => v.check === check) ?? null;
    const b = recomputed.find((v) => v.check === check) ?? null;
    const same = a !== null && b !== null && a.status === b.status && canonicallyEqual(a.expected, b.expected) && canonicallyEqual(a.actual, b.actual);
    return same ? [] : [{ check, inFile: a, recomputed: b }];
  });
}

const verdict = fc.record({
  check: fc.constantFrom("outcome", "policy_code", "claims.count", "no_writes"),
  status: fc.constantFrom("pass" as const, "fail" as const, "n/a" as const),
  expected: fc.constantFrom<unknown>(null, 0, 1, "refused", [], { a: 1 }),
  actual: fc.constantFrom<unknown>(null, 0, 1, "refused", [], { a: 1 }),
  explanation: fc.constantFrom("x", "y"),
});

describe("comparing a file's verdicts with the recomputed ones", () => {
  it("names each check that differs once, the file's in its order first, whatever the lists hold", () => {
    fc.assert(
      fc.property(fc.array(verdict, { maxLength: 6 }), fc.array(verdict, { maxLength: 6 }), (inFile, recomputed) => {
        expect(compareVerdicts(inFile, recomputed)).toEqual(plainly(inFile, recomputed));
      }),
      { numRuns: 3000 },
    );
  });

  it("ignores the explanation, and sees a check missing on either side", () => {
    const v = (check: string, status: Verdict["status"], explanation = "x"): Verdict => ({ check, status, expected: 1, actual: 1, explanation });
    expect(compareVerdicts([v("outcome", "pass")], [v("outcome", "pass", "other words")])).toEqual([]);
    expect(compareVerdicts([v("outcome", "pass"), v("gone", "pass")], [v("outcome", "fail"), v("new", "n/a")]).map((d) => d.check)).toEqual(["outcome", "gone", "new"]);
  });
});
