import { canonicalJson } from "../runtime/canonical.ts";
import { freezeParsed } from "../runtime/freeze.ts";
import type { ScoredRunExport } from "../schemas/export.ts";
import type { Fixture } from "../schemas/fixture.ts";
import type { ScoredRun } from "../schemas/scored-run.ts";
import { judgedReplay, replayExport, rescoreExport, sameEvents, type Rescored } from "./rescore.ts";

// Alike trials replayed once (issue 11). A suite of k trials often records the same replies k
// times: a scripted candidate always does, a model at temperature 0 mostly does. A replay depends
// only on the fixture, the candidate's name, the budget and the events (replayExport), so runs
// that agree on those replay to the same run, and re-scoring them all would recompute one answer
// k times. The events are known by their chain head, already computed to check the seal: equal
// heads mean events with the same canonical JSON (SHA-256 is collision resistant), so the same
// replies and the same answer to "do the replay's events match the file's". Nothing the file
// states is trusted: each run's verdicts are still compared with its own replay, and a run whose
// events could not be hashed is replayed on its own.

/** How many distinct replays an import keeps at a time: a suite's trials of one task sit within a few hundred runs of each other. */
export const REPLAYS_KEPT = 256;

/** The recorded events of a run as parsed, and the head of the chain hashed over them. */
export interface RecordedEvents {
  events: readonly unknown[];
  chainHead: string;
}

interface Replay {
  run: ScoredRun;
  eventsMatch: boolean;
}

/** Re-scores runs, replaying each distinct run once among the last `kept` distinct ones (0: every run replayed). */
export class Replays {
  readonly #kept = new Map<string, Replay>();
  /** Each fixture object a number of its own: two fixture sets may share an id, never a replay. */
  readonly #fixtures = new WeakMap<Fixture, number>();
  #fixtureCount = 0;
  #replayed = 0;

  constructor(private readonly kept: number = REPLAYS_KEPT) {}

  /** How many replays have been run (the rest were runs alike to one of them). */
  get replayed(): number {
    return this.#replayed;
  }

  /** As rescoreExport(file, fixture, recorded.events), or (recorded null) as rescoreExport(file, fixture, null). */
  async rescore(file: ScoredRunExport, fixture: Fixture, recorded: RecordedEvents | null): Promise<Rescored> {
    if (recorded === null || this.kept <= 0) {
      this.#replayed += 1;
      return rescoreExport(file, fixture, recorded && recorded.events);
    }
    const key = `${this.#numberOf(fixture)}\n${file.candidate.name}\n${canonicalJson(file.budget)}\n${recorded.chainHead}`;
    const found = this.#kept.get(key);
    if (found !== undefined) {
      // Least recently used goes first: a hit moves to the end.
      this.#kept.delete(key);
      this.#kept.set(key, found);
      return judgedReplay(file, found.run, found.eventsMatch);
    }
    this.#replayed += 1;
    // Frozen before it is shared: every run alike holds the same verdicts.
    const run = freezeParsed(await replayExport(file, fixture));
    const replay = { run, eventsMatch: sameEvents(run.events, recorded.events) };
    this.#kept.delete(key);
    this.#kept.set(key, replay);
    if (this.#kept.size > this.kept) this.#kept.delete(this.#kept.keys().next().value as string);
    return judgedReplay(file, run, replay.eventsMatch);
  }

  #numberOf(fixture: Fixture): number {
    let n = this.#fixtures.get(fixture);
    if (n === undefined) this.#fixtures.set(fixture, (n = this.#fixtureCount++));
    return n;
  }
}
