import type { RunEvent } from "../schemas/event.ts";
import type { Fixture } from "../schemas/fixture.ts";
import type { Verdict, VerdictStatus } from "../schemas/verdict.ts";
import { canonicalJson } from "../runtime/canonical.ts";
import { behavedAsIntended, declaredFailures, describeDesign, designOf } from "./design.ts";

// Two runs of one fixture side by side, aligned by decision step, and two suites fixture by fixture.
// One home for "what differs", used by `npm run diff` and the workbench alike.

/** What a comparison needs of a run, whether it came from a run, a suite, an import or history. */
export interface ComparableRun {
  fixture: string;
  candidate: string;
  trial?: number | undefined;
  events: readonly RunEvent[];
  verdicts: readonly Verdict[];
  passed: boolean;
  result: { outcome: string; policy_code: string | null; claims: readonly unknown[] };
}

/** One event as a line that means the same in any run: no times, no raw reply text. */
export function eventLine(e: RunEvent, taskHouseholds: readonly string[] = []): string | null {
  switch (e.kind) {
    case "decision":
      return e.decision === "tool" ? `decides ${String(e.body.tool)} ${canonicalJson(e.body.arguments ?? null)}` : `decides final ${String(e.body.outcome)}`;
    case "attempt":
      return `attempt ${e.call_id} ${e.tool} ${canonicalJson(e.arguments ?? null)}`;
    case "denial":
      return `denied ${e.call_id}: ${e.code}`;
    case "observation": {
      const h = typeof e.data.household === "string" ? e.data.household : null;
      const disclosed = h !== null && taskHouseholds.length > 0 && !taskHouseholds.includes(h);
      return `${disclosed ? "DISCLOSED" : "observed"} ${e.evidence_id} ${e.tool}${h ? ` ${h}` : ""}`;
    }
    case "tool_error":
      return `tool error ${e.call_id}: ${e.code}`;
    case "not_run":
      return `not run ${e.call_id}`;
    case "invalid_output":
      return `invalid output: ${e.code}`;
    case "model_failure":
      return `model failure: ${e.code}${e.status === undefined ? "" : ` ${e.status}`}`;
    case "budget_exhausted":
      return `budget exhausted: ${e.reason}`;
    case "final":
      return `final ${e.outcome} ${e.policy_code ?? "null"}, ${e.claims.length} claim(s)`;
    default:
      // run_started, model_request, model_reply, run_finished: the same in every run, or only noise.
      return null;
  }
}

export interface StepRow {
  step: number;
  a: string[];
  b: string[];
  same: boolean;
}

export interface VerdictChange {
  check: string;
  a: VerdictStatus | null;
  b: VerdictStatus | null;
}

export interface RunComparison {
  fixture: string;
  a: { candidate: string; outcome: string; state: string; ok: boolean };
  b: { candidate: string; outcome: string; state: string; ok: boolean };
  steps: StepRow[];
  /** Checks whose status differs. */
  verdicts: VerdictChange[];
  /** The first step where the runs part, or null when every step is the same. */
  firstDifference: number | null;
  regressed: boolean;
}

const byStep = (events: readonly RunEvent[], task: readonly string[]): Map<number, string[]> => {
  const steps = new Map<number, string[]>();
  for (const e of events) {
    const line = eventLine(e, task);
    if (line === null) continue;
    const list = steps.get(e.step);
    if (list) list.push(line);
    else steps.set(e.step, [line]);
  }
  return steps;
};

const failedOf = (v: readonly Verdict[]): string[] => v.filter((x) => x.status === "fail").map((x) => x.check);

function stateOf(run: ComparableRun, fixture: Fixture | undefined): { state: string; ok: boolean } {
  const d = designOf(failedOf(run.verdicts), declaredFailures(fixture, run.candidate), run.passed);
  return { state: describeDesign(d), ok: behavedAsIntended(d) };
}

/** Two runs of the same fixture, aligned by step. `fixture` supplies the task's households and declared failures. */
export function compareRuns(a: ComparableRun, b: ComparableRun, fixture?: Fixture): RunComparison {
  const task = fixture?.task_households ?? [];
  const sa = byStep(a.events, task);
  const sb = byStep(b.events, task);
  const numbers = [...new Set([...sa.keys(), ...sb.keys()])].sort((x, y) => x - y);
  const steps = numbers.map((step) => {
    const la = sa.get(step) ?? [];
    const lb = sb.get(step) ?? [];
    return { step, a: la, b: lb, same: la.length === lb.length && la.every((l, i) => l === lb[i]) };
  });
  const checks = [...new Set([...a.verdicts.map((v) => v.check), ...b.verdicts.map((v) => v.check)])];
  const status = (run: ComparableRun, check: string): VerdictStatus | null => run.verdicts.find((v) => v.check === check)?.status ?? null;
  const verdicts = checks.map((check) => ({ check, a: status(a, check), b: status(b, check) })).filter((c) => c.a !== c.b);
  const ea = stateOf(a, fixture);
  const eb = stateOf(b, fixture);
  return {
    fixture: a.fixture,
    a: { candidate: a.candidate, outcome: a.result.outcome, ...ea },
    b: { candidate: b.candidate, outcome: b.result.outcome, ...eb },
    steps,
    verdicts,
    firstDifference: steps.find((s) => !s.same)?.step ?? null,
    regressed: ea.ok && !eb.ok,
  };
}

export type SuiteChange = "fixed" | "regressed" | "unchanged" | "added" | "removed";

export interface SuiteRow {
  key: string;
  fixture: string;
  change: SuiteChange;
  a: string | null;
  b: string | null;
  /** Where the row's run is in suite A and in suite B (null: not in that suite), so a row opens the very runs it compared. */
  aIndex: number | null;
  bIndex: number | null;
}

export interface SuiteComparison {
  rows: SuiteRow[];
  counts: Record<SuiteChange, number>;
}

/**
 * Two suites, run by run. Runs are matched on fixture, candidate and trial — or on fixture and trial
 * alone when each suite holds one candidate, so model A can be compared with model B.
 */
export function compareSuites(a: readonly ComparableRun[], b: readonly ComparableRun[], fixtures: readonly Fixture[] = []): SuiteComparison {
  const single = new Set(a.map((r) => r.candidate)).size <= 1 && new Set(b.map((r) => r.candidate)).size <= 1;
  const keyOf = (r: ComparableRun): string => `${r.fixture}${single ? "" : ` / ${r.candidate}`}${r.trial === undefined ? "" : ` #${r.trial}`}`;
  const byId = new Map(fixtures.map((f) => [f.id, f]));
  // A key a suite holds twice names its last run with that key.
  const index = (runs: readonly ComparableRun[]) => new Map(runs.map((r, i) => [keyOf(r), i]));
  const ia = index(a);
  const ib = index(b);
  const keys = [...new Set([...ia.keys(), ...ib.keys()])].sort();
  const rows = keys.map((key): SuiteRow => {
    const aIndex = ia.get(key) ?? null;
    const bIndex = ib.get(key) ?? null;
    const ra = aIndex === null ? undefined : a[aIndex];
    const rb = bIndex === null ? undefined : b[bIndex];
    const fixture = (ra ?? rb)?.fixture ?? key;
    const sa = ra ? stateOf(ra, byId.get(fixture)) : null;
    const sb = rb ? stateOf(rb, byId.get(fixture)) : null;
    const change: SuiteChange = !sa ? "added" : !sb ? "removed" : sa.ok === sb.ok ? "unchanged" : sb.ok ? "fixed" : "regressed";
    return { key, fixture, change, a: sa?.state ?? null, b: sb?.state ?? null, aIndex, bIndex };
  });
  const counts: Record<SuiteChange, number> = { fixed: 0, regressed: 0, unchanged: 0, added: 0, removed: 0 };
  for (const r of rows) counts[r.change] += 1;
  return { rows, counts };
}
