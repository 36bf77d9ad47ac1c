import { canonicalJson } from "../runtime/canonical.ts";
import { freezeParsed, isDeeplyFrozen } from "../runtime/freeze.ts";
import type { ScoredRunExport } from "../schemas/export.ts";
import type { Fixture } from "../schemas/fixture.ts";
import type { ScoredRun } from "../schemas/scored-run.ts";
import { judgedReplay, replayExport, rescoreExport, sameEvents, type Rescored } from "./rescore.ts";

// Alike trials replayed once. A suite of k trials often records the same replies k
// times: a scripted candidate always does, a model at temperature 0 mostly does. A replay depends
// only on the fixture, the candidate's name, the budget and the events (replayExport), so runs
// that agree on those replay to the same run, and re-scoring them all would recompute one answer
// k times. The events are known by their chain head, already computed to check the seal: equal
// heads mean events with the same canonical JSON (SHA-256 is collision resistant), so the same
// replies and the same answer to "do the replay's events match the file's". Nothing the file
// states is trusted: each run's verdicts are still compared with its own replay, and a run whose
// events could not be hashed is replayed on its own. So is a run on a fixture that is not deeply
// frozen: the fixture is known by its object, which only a frozen one makes safe (the import
// worker freezes the fixtures it is sent).

/** How many distinct replays an import keeps at a time: a suite's trials of one task sit within a few hundred runs of each other. */
export const REPLAYS_KEPT = 256;
/** At most this many events among the replays kept (the worker holds them while the page has its own copies). */
export const REPLAY_EVENTS_KEPT = 32_768;
/** A longer run is replayed on its own and never kept: it would crowd out the rest, and long runs rarely repeat. */
export const LONGEST_REPLAY_KEPT = 1_024;

export interface ReplayBounds {
  /** Distinct replays kept (0: every run replayed). Default REPLAYS_KEPT. */
  runs?: number;
  /** Events among them. Default REPLAY_EVENTS_KEPT. */
  events?: number;
  /** Events in the longest run kept. Default LONGEST_REPLAY_KEPT. */
  longest?: number;
}

/** The recorded events of a run as parsed, and the head of the chain hashed over them. */
export interface RecordedEvents {
  events: readonly unknown[];
  chainHead: string;
}

interface Replay {
  run: ScoredRun;
  eventsMatch: boolean;
}

/** Re-scores runs, replaying each distinct run once among the last distinct ones kept (within `bounds`). */
export class Replays {
  readonly #kept = new Map<string, Replay>();
  #keptEvents = 0;
  readonly #runs: number;
  readonly #events: number;
  readonly #longest: number;
  /** Each fixture object a number of its own: two fixture sets may share an id, never a replay. */
  readonly #fixtures = new WeakMap<Fixture, number>();
  #fixtureCount = 0;
  #replayed = 0;

  constructor(bounds: ReplayBounds = {}) {
    this.#runs = bounds.runs ?? REPLAYS_KEPT;
    this.#events = bounds.events ?? REPLAY_EVENTS_KEPT;
    this.#longest = Math.min(bounds.longest ?? LONGEST_REPLAY_KEPT, this.#events);
  }

  /** How many replays have been run (the rest were runs alike to one of them). */
  get replayed(): number {
    return this.#replayed;
  }

  /** As rescoreExport(file, fixture, recorded.events), or (recorded null) as rescoreExport(file, fixture, null). */
  async rescore(file: ScoredRunExport, fixture: Fixture, recorded: RecordedEvents | null): Promise<Rescored> {
    // (Written so that NaN bounds keep nothing.)
    if (recorded === null || !(this.#runs > 0) || !(recorded.events.length <= this.#longest) || !isDeeplyFrozen(fixture)) {
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
    // Frozen before it is shared: every run alike holds the same verdicts. (The fixture is deeply
    // frozen, so what the verdicts take from it is left as it is.)
    const run = freezeParsed(await replayExport(file, fixture));
    const replay = { run, eventsMatch: sameEvents(run.events, recorded.events) };
    this.#keep(key, replay);
    return judgedReplay(file, run, replay.eventsMatch);
  }

  /** Kept last; the least recently used go while there are too many runs or events. */
  #keep(key: string, replay: Replay): void {
    this.#kept.set(key, replay);
    this.#keptEvents += replay.run.events.length;
    for (const [oldest, gone] of this.#kept) {
      if (this.#kept.size <= this.#runs && this.#keptEvents <= this.#events) break;
      this.#kept.delete(oldest);
      this.#keptEvents -= gone.run.events.length;
    }
  }

  #numberOf(fixture: Fixture): number {
    let n = this.#fixtures.get(fixture);
    if (n === undefined) this.#fixtures.set(fixture, (n = this.#fixtureCount++));
    return n;
  }
}
