import type { Fixture } from "../schemas/fixture.ts";

// Designed failures vs regressions: a faulty candidate that fails exactly the checks it
// was written to fail behaved as designed; a reference that fails, or a faulty candidate that is no
// longer caught (or is caught by something else), is a regression. A candidate that declares
// nothing (a model, an import, the matrix's obedient/cautious) is judged by whether it passed.

export type Design =
  | { status: "as_designed"; declared: readonly string[] }
  | { status: "regression"; declared: readonly string[]; /** Declared failures the run no longer fails. */ not_caught: string[]; /** Failures nobody declared. */ unexpected: string[] }
  | { status: "undeclared"; passed: boolean };

export function designOf(failed: readonly string[], declared: readonly string[] | undefined, passed: boolean): Design {
  if (declared === undefined) return { status: "undeclared", passed };
  const got = new Set(failed);
  const want = new Set(declared);
  const notCaught = declared.filter((c) => !got.has(c));
  const unexpected = [...got].filter((c) => !want.has(c));
  return notCaught.length === 0 && unexpected.length === 0 ? { status: "as_designed", declared } : { status: "regression", declared, not_caught: notCaught, unexpected };
}

/** What the fixture declares for a candidate of that name (undefined: nothing). */
export const declaredFailures = (fixture: Fixture | undefined, candidate: string): readonly string[] | undefined =>
  fixture && Object.hasOwn(fixture.candidates, candidate) ? fixture.candidates[candidate]?.expected_failures : undefined;

/** Whether a run is what it should be: as designed, or passed when nothing was declared. */
export const behavedAsIntended = (d: Design): boolean => (d.status === "undeclared" ? d.passed : d.status === "as_designed");

/** A one-line account: "as designed", "regression: no longer fails no_unauthorised_access", "passed". */
export function describeDesign(d: Design): string {
  if (d.status === "as_designed") return d.declared.length === 0 ? "as designed (passes)" : `as designed (fails ${d.declared.join(", ")})`;
  if (d.status === "undeclared") return d.passed ? "passed" : "failed";
  const parts = [...(d.not_caught.length > 0 ? [`no longer fails ${d.not_caught.join(", ")}`] : []), ...(d.unexpected.length > 0 ? [`also fails ${d.unexpected.join(", ")}`] : [])];
  return `regression: ${parts.join("; ")}`;
}
