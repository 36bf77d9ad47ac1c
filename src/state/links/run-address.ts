import type { Fixture } from "../../schemas/fixture.ts";
import type { RunOrigin } from "./run-link.ts";
import type { LoadedRun } from "../run/run-slice.ts";

// The page's address names exactly one run, or none. `?fixture=…&candidate=…` replays a scripted
// candidate on a fixture of the picker; that names the run shown only when the run shown is such a
// replay. Any other run (a model's, a trial, an import, an attack-matrix cell, an MCP session, a run
// the analyst stopped) is named by its link (`?run=<content id>`), once it has one, or not at all.

export type RunAddress =
  /** Replay this scripted candidate on this fixture; `cursor` when the run shown is that replay. */
  | { kind: "replay"; fixture: string | null; candidate: string; cursor?: number }
  /** Reopen the stored run with this content id, at `cursor`. */
  | { kind: "link"; linkId: string; cursor: number }
  /** The run shown cannot be reopened from an address (yet): the address names no run. */
  | { kind: "none" };

export interface AddressedState {
  run: LoadedRun | null;
  cursor: number;
  fixtureId: string | null;
  candidate: string;
  /** The picker's fixtures: the only ones `?fixture=` reopens. */
  fixtures: readonly Fixture[];
  runOrigins: ReadonlyMap<number, RunOrigin>;
}

/** Whether `?fixture=…&candidate=…` replays this very run: a scripted candidate of a picker fixture, run to its end. */
export function replayable(run: LoadedRun, fixtures: readonly Fixture[]): boolean {
  if (run.kind !== "scripted" || run.stoppedByUser) return false;
  const fixture = fixtures.find((f) => f.id === run.fixtureId);
  return fixture !== undefined && Object.hasOwn(fixture.candidates, run.candidate);
}

/** What the address should name for the state shown. */
export function runAddress(s: AddressedState): RunAddress {
  const { run } = s;
  const origin = run ? s.runOrigins.get(run.key) : undefined;
  // A run opened from a link keeps naming that link, so a reload reopens it without running anything.
  if (run && origin?.source === "link" && origin.linkId !== undefined) return { kind: "link", linkId: origin.linkId, cursor: s.cursor };
  if (run && !replayable(run, s.fixtures)) return origin?.linkId === undefined ? { kind: "none" } : { kind: "link", linkId: origin.linkId, cursor: s.cursor };
  const shown = run !== null && run.fixtureId === s.fixtureId && run.candidate === s.candidate;
  return { kind: "replay", fixture: s.fixtureId, candidate: s.candidate, ...(shown ? { cursor: s.cursor } : {}) };
}
