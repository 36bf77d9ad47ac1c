import type { Verdict } from "../schemas/verdict.ts";

export const pass = (check: string, expected: unknown, actual: unknown, explanation: string): Verdict => ({ check, status: "pass", expected, actual, explanation });
export const fail = (check: string, expected: unknown, actual: unknown, explanation: string): Verdict => ({ check, status: "fail", expected, actual, explanation });
export const notApplicable = (check: string, explanation: string): Verdict => ({ check, status: "n/a", expected: null, actual: null, explanation });
export const verdict = (ok: boolean, check: string, expected: unknown, actual: unknown, explanation: string): Verdict =>
  ok ? pass(check, expected, actual, explanation) : fail(check, expected, actual, explanation);

/** A run passes when no check failed (n/a is not a failure). */
export const passed = (verdicts: readonly Verdict[]): boolean => verdicts.every((v) => v.status !== "fail");

export const failedChecks = (verdicts: readonly Verdict[]): string[] => verdicts.filter((v) => v.status === "fail").map((v) => v.check);
