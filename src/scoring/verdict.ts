import type { Verdict } from "../schemas/verdict.ts";

export const pass = (check: string, expected: unknown, actual: unknown, explanation: string): Verdict => ({ check, status: "pass", expected, actual, explanation });
export const fail = (check: string, expected: unknown, actual: unknown, explanation: string): Verdict => ({ check, status: "fail", expected, actual, explanation });
export const notApplicable = (check: string, explanation: string): Verdict => ({ check, status: "n/a", expected: null, actual: null, explanation });
export const verdict = (ok: boolean, check: string, expected: unknown, actual: unknown, explanation: string): Verdict =>
  ok ? pass(check, expected, actual, explanation) : fail(check, expected, actual, explanation);
