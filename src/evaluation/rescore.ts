import type { Fixture } from "../schemas/fixture.ts";
import type { ScoredRunExport } from "../schemas/export.ts";
import type { ScoredRun } from "../schemas/scored-run.ts";
import type { Verdict } from "../schemas/verdict.ts";
import { recordedCandidate } from "../candidates/replay.ts";
import { canonicallyEqual } from "../runtime/canonical-equal.ts";
import { createVirtualClock } from "../runtime/clock.ts";
import { runEpisode } from "../runtime/episode.ts";
import { toScoredRun } from "../scoring/score.ts";

export interface VerdictDifference {
  check: string;
  inFile: Verdict | null;
  recomputed: Verdict | null;
}

export interface Rescored {
  run: ScoredRun;
  /** Checks whose status, expected or actual differ between the file and the recomputation. */
  differences: VerdictDifference[];
  /** Whether replaying the file's replies reproduced the file's events exactly. */
  eventsMatch: boolean;
  /** The file's `passed` is not the replay's (a flag flipped while the verdicts were left alone). */
  passedDiffers: boolean;
  /** The file's result (outcome, claims, message, calls…) is not the one its replay assembles. */
  resultDiffers: boolean;
}

/**
 * Re-scores an exported run: its recorded replies are replayed through the runtime against the
 * fixture, and the verdicts come from that replay. Nothing the file says about results or
 * verdicts is trusted; it is only compared. `recorded` is the file's events as parsed, before
 * validation (null: hashing them for the seal found no canonical form, so no replay matches them);
 * without it, the validated events are compared.
 */
export async function rescoreExport(file: ScoredRunExport, fixture: Fixture, recorded?: readonly unknown[] | null): Promise<Rescored> {
  const replay = await replayExport(file, fixture);
  return judgedReplay(file, replay, recorded !== null && sameEvents(replay.events, recorded ?? file.events));
}

/**
 * The run the file's recorded replies replay to, scored: all that re-scoring recomputes. It
 * depends on the fixture, the candidate's name, the budget and the file's events, nothing else
 * (the clock is virtual), which is what lets an import replay alike trials once (replays.ts).
 * Its `trial` is not set: which trial a run was is the file's to say (judgedReplay).
 */
export async function replayExport(file: ScoredRunExport, fixture: Fixture): Promise<ScoredRun> {
  const candidate = recordedCandidate(file.candidate.name, file.events);
  const started = file.events[0];
  const lenientFence = started?.kind === "run_started" && started.lenient_fence === true;
  const record = await runEpisode({ fixture, candidate, clock: createVirtualClock(), budget: file.budget, ...(lenientFence ? { parser: { lenientFence } } : {}) });
  return toScoredRun(record, fixture, { includeDiagnostics: true });
}

/** A replay set against the file: its verdicts compared with the file's, the file's trial carried over. */
export function judgedReplay(file: ScoredRunExport, replay: ScoredRun, eventsMatch: boolean): Rescored {
  // Which trial a run was is part of the record, not of the replay: it carries over.
  const run = file.trial === undefined ? replay : { ...replay, trial: file.trial };
  return { run, differences: compareVerdicts(file.verdicts, run.verdicts), eventsMatch, passedDiffers: file.passed !== run.passed, resultDiffers: !canonicallyEqual(file.result, run.result) };
}

/**
 * Whether the replay's events are the recorded ones: the same canonical JSON, compared without
 * writing it (canonicallyEqual); stops at the first that differs.
 */
export function sameEvents(replayed: readonly unknown[], recorded: readonly unknown[]): boolean {
  if (replayed.length !== recorded.length) return false;
  return replayed.every((event, i) => canonicallyEqual(event, recorded[i]));
}

/** Each check's first verdict (a file could state one twice), in the order of the list. */
function byCheck(verdicts: readonly Verdict[]): Map<string, Verdict> {
  const first = new Map<string, Verdict>();
  for (const v of verdicts) if (!first.has(v.check)) first.set(v.check, v);
  return first;
}

/** The checks that differ, the file's in its order first, then those only recomputed. */
export function compareVerdicts(inFile: readonly Verdict[], recomputed: readonly Verdict[]): VerdictDifference[] {
  const a = byCheck(inFile);
  const b = byCheck(recomputed);
  const differences: VerdictDifference[] = [];
  for (const [check, stated] of a) {
    const found = b.get(check) ?? null;
    const same = found !== null && stated.status === found.status && canonicallyEqual(stated.expected, found.expected) && canonicallyEqual(stated.actual, found.actual);
    if (!same) differences.push({ check, inFile: stated, recomputed: found });
  }
  for (const [check, found] of b) if (!a.has(check)) differences.push({ check, inFile: null, recomputed: found });
  return differences;
}
