import type { EventOf, RunEvent } from "../../schemas/event.ts";
import type { Fixture } from "../../schemas/fixture.ts";
import { householdLedger, type HouseholdAccess } from "../../scoring/check-access.ts";
import { householdOf } from "../../scoring/run-view.ts";
import { countAtOrBefore, nextFrom, PrefixMap } from "./prefix-map.ts";
import { ERROR_KINDS, EVENT_KINDS, isCancelledRequest, KIND_CODE, type KindMask, type Landmark } from "../search/search-kinds.ts";

/** A household's ledger entry as of the cursor; `not_run` names the failed calls that were never run. */
export interface HouseholdAtCursor extends HouseholdAccess {
  not_run: string[];
}

/** The run as of the cursor: everything derived from the log prefix, nothing stored twice. */
export interface RunAtCursor {
  cursor: number;
  current: RunEvent | undefined;
  decisionsUsed: number;
  elapsedMs: number;
  households: readonly HouseholdAtCursor[];
  final: EventOf<"final"> | undefined;
  finished: EventOf<"run_finished"> | undefined;
  /** The recorded observation for each evidence id seen so far. */
  observations: ReadonlyMap<string, EventOf<"observation">>;
  /** The recorded attempt for each call id seen so far. */
  attempts: ReadonlyMap<string, EventOf<"attempt">>;
}

/**
 * The definition, from scratch over the prefix: linear in the cursor. The workbench uses
 * `CursorIndex`, which must give the same answer at every event (tests/state/cursor-index.test.ts).
 */
export function runAtCursor(events: readonly RunEvent[], cursor: number, fixture: Fixture): RunAtCursor {
  const prefix = events.slice(0, cursor + 1);
  const current = prefix.at(-1);
  const finished = prefix.find((e): e is EventOf<"run_finished"> => e.kind === "run_finished");
  return {
    cursor,
    current,
    decisionsUsed: finished?.decisions_used ?? prefix.filter((e) => e.kind === "model_reply").length,
    elapsedMs: current?.at_ms ?? 0,
    households: withNotRun(householdLedger(prefix, fixture), new Set(prefix.flatMap((e) => (e.kind === "not_run" ? [e.call_id] : [])))),
    final: prefix.find((e): e is EventOf<"final"> => e.kind === "final"),
    finished,
    observations: new Map(prefix.flatMap((e) => (e.kind === "observation" ? [[e.evidence_id, e] as const] : []))),
    attempts: new Map(prefix.flatMap((e) => (e.kind === "attempt" ? [[e.call_id, e] as const] : []))),
  };
}

/** The ledger with each household's calls that were not run named apart from those that failed. */
const withNotRun = (ledger: readonly HouseholdAccess[], notRun: ReadonlySet<string>): HouseholdAtCursor[] =>
  ledger.map((a) => ({ ...a, not_run: a.failed.filter((id) => notRun.has(id)) }));

/** Whether an observation read a household inside the task's scope or outside it. */
export type Disclosure = "in_scope" | "out_of_scope";

/**
 * What the timeline asks of the log event by event, as of the events indexed when it was made: a
 * new one is made whenever the log grows, so a view that holds one knows when to look again.
 */
export interface LogFacts {
  readonly length: number;
  /** The household an attempt names, or that the attempt of a call's outcome named. */
  householdAt(index: number): string | null;
  /** For an observation that read a household: inside or outside the task's scope. */
  disclosureAt(index: number): Disclosure | null;
  /** The nearest landmark after `from` (direction 1) or before it (-1), or undefined. */
  landmark(which: Landmark, from: number, direction: 1 | -1): number | undefined;
  /** The indices of the events of these kinds, ascending. */
  ofKinds(mask: KindMask): Int32Array;
  /** How many events of each kind, by KIND_CODE. */
  kindCounts(): readonly number[];
}

/** What a prefix adds up to, small enough to keep one every CHECKPOINT_EVERY events. */
interface Tally {
  replies: number;
  /** Index of the first `final` / `run_finished` event, or -1. */
  finalAt: number;
  finishedAt: number;
  /** Index of the last event that can change the household ledger, or -1. */
  ledgerAt: number;
}

/** The state at event i is folded from the nearest checkpoint at or before it: at most this many events. */
export const CHECKPOINT_EVERY = 256;

/** One call id that touched a household: its attempts and what the boundary made of them, by event index. */
interface CallGroup {
  id: string;
  attempts: number[];
  outcomes: number[];
}

const STATUS: Partial<Record<RunEvent["kind"], "denied" | "tool_error" | "observed">> = { denial: "denied", tool_error: "tool_error", observation: "observed" };

/** The last element of an ascending list that is ≤ limit, or undefined. */
function lastAtOrBefore(list: readonly number[], limit: number): number | undefined {
  const n = countAtOrBefore(list, limit);
  return n === 0 ? undefined : list[n - 1];
}

/**
 * The run as of any event, without rereading the log: indexed once as events arrive (a live run
 * appends), then each cursor position costs at most CHECKPOINT_EVERY events plus the calls that
 * touched a household.
 */
export class CursorIndex {
  readonly #fixture: Fixture;
  #events: readonly RunEvent[] = [];
  /**
   * How many events are indexed: kept apart from `#events.length` because the log may be an array
   * that grows in place (an import appends a long run's parts to one array as they arrive).
   */
  #indexed = 0;
  readonly #tally: Tally = emptyTally();
  /** Where a cursor's tally is folded: one object for every move, not one per move. */
  readonly #atCursor: Tally = emptyTally();
  readonly #checkpoints: Tally[] = [];
  /** 1 where an event can change the household ledger. */
  #ledgerEvents = new Uint8Array(1024);
  /** Each event's KIND_CODE, for the first `#kindsUpTo` events: written on first use, as the landmarks are. */
  #kinds = new Uint8Array(0);
  #kindsUpTo = 0;
  /** Built on first use, then caught up as the log grows: loading a long log does not pay for them. */
  readonly #landmarks: Record<Landmark, { at: number[]; upTo: number }> = { denial: { at: [], upTo: 0 }, disclosure: { at: [], upTo: 0 }, error: { at: [], upTo: 0 } };
  readonly #kindCounts = { count: new Array<number>(EVENT_KINDS.length).fill(0), upTo: 0 };
  readonly #observations = new PrefixMap<EventOf<"observation">>(this.#keyed((e) => (e.kind === "observation" ? e.evidence_id : undefined)));
  readonly #attempts = new PrefixMap<EventOf<"attempt">>(this.#keyed((e) => (e.kind === "attempt" ? e.call_id : undefined)));
  readonly #groups = new Map<string, CallGroup>();
  /** The groups in the order of their first attempt, as recordedCalls lists them. */
  readonly #householdGroups: CallGroup[] = [];
  readonly #notRun = new Map<string, number[]>();
  readonly #ledgers = new Map<number, readonly HouseholdAtCursor[]>();

  constructor(fixture: Fixture) {
    this.#fixture = fixture;
  }

  get fixture(): Fixture {
    return this.#fixture;
  }

  get length(): number {
    return this.#indexed;
  }

  /** Whether `events` is the indexed log or the indexed log with events appended. */
  extends(events: readonly RunEvent[]): boolean {
    const n = this.#indexed;
    return events.length >= n && (n === 0 || events[n - 1] === this.#events[n - 1]);
  }

  /** Indexes the events appended since the last call. `events` must extend the indexed log. */
  sync(events: readonly RunEvent[]): void {
    if (!this.extends(events)) throw new Error("CursorIndex.sync: the log was replaced, not appended to");
    const from = this.#indexed;
    this.#events = events;
    this.#indexed = events.length;
    if (this.#ledgerEvents.length < events.length) {
      this.#ledgerEvents = grow(this.#ledgerEvents, events.length);
    }
    for (let i = from; i < events.length; i++) {
      if (i % CHECKPOINT_EVERY === 0) this.#checkpoints.push({ ...this.#tally });
      const event = events[i];
      if (event) this.#add(event, i);
    }
    // The kinds and their counts too, and the observations and attempts by key, as the log grows:
    // read lazily, a million events' worth would otherwise be worked out in the first render after a
    // long import (the kind filter's counts, the run as of its last event).
    this.#countKinds(events.length);
    this.#observations.catchUp();
    this.#attempts.catchUp();
  }

  #add(e: RunEvent, i: number): void {
    advance(this.#tally, e, i, this.#touchesLedger(e, i));
  }

  /** The facts of the log as indexed now. */
  facts(): LogFacts {
    const length = this.#indexed;
    const within = (i: number): boolean => i >= 0 && i < length;
    return {
      length,
      kindCounts: () => this.#countKinds(length),
      householdAt: (i) => (within(i) ? this.#householdAt(i) : null),
      disclosureAt: (i) => {
        if (!within(i) || this.#events[i]?.kind !== "observation") return null;
        const h = this.#householdAt(i);
        return h === null ? null : this.#fixture.task_households.includes(h as never) ? "in_scope" : "out_of_scope";
      },
      landmark: (which, from, direction) => {
        const found = nextFrom(this.#landmarksUpTo(which, length), from, direction);
        return found !== undefined && within(found) ? found : undefined;
      },
      ofKinds: (mask) => {
        const kinds = this.#kindsOf(length);
        let n = 0;
        for (let i = 0; i < length; i++) if ((mask >> (kinds[i] ?? 0)) & 1) n += 1;
        const rows = new Int32Array(n);
        let k = 0;
        for (let i = 0; i < length; i++) if ((mask >> (kinds[i] ?? 0)) & 1) rows[k++] = i;
        return rows;
      },
    };
  }

  /** The kind codes of the first `length` events. */
  #kindsOf(length: number): Uint8Array {
    if (this.#kinds.length < length) this.#kinds = grow(this.#kinds, length);
    for (; this.#kindsUpTo < length; this.#kindsUpTo++) {
      const e = this.#events[this.#kindsUpTo];
      if (e) this.#kinds[this.#kindsUpTo] = KIND_CODE[e.kind];
    }
    return this.#kinds;
  }

  #countKinds(length: number): readonly number[] {
    const kinds = this.#kindsOf(length);
    const c = this.#kindCounts;
    for (; c.upTo < length; c.upTo++) {
      const k = kinds[c.upTo] ?? 0;
      c.count[k] = (c.count[k] ?? 0) + 1;
    }
    return [...c.count];
  }

  /** Where the landmarks are among the first `length` events, ascending. */
  #landmarksUpTo(which: Landmark, length: number): readonly number[] {
    const l = this.#landmarks[which];
    const kinds = this.#kindsOf(length);
    for (; l.upTo < length; l.upTo++) {
      const i = l.upTo;
      const code = kinds[i] ?? 0;
      const is = which === "denial" ? code === DENIAL : which === "error" ? ERROR_CODES.has(code) && !isCancelledRequest(this.#events[i]) : code === OBSERVATION && this.#ledgerEvents[i] === 1;
      if (is) l.at.push(i);
    }
    return l.at;
  }

  /** The household of a call event that can change the ledger: its attempt's, as of that event. */
  #householdAt(i: number): string | null {
    if (this.#ledgerEvents[i] !== 1) return null;
    const e = this.#events[i];
    if (!e || !("call_id" in e)) return null;
    if (e.kind === "attempt") return householdOf(e);
    const group = this.#groups.get(e.call_id);
    const attempt = group && lastAtOrBefore(group.attempts, i);
    return attempt === undefined ? null : householdOf(this.#events[attempt] as EventOf<"attempt">);
  }

  /** The indexed log, keyed by what `keyOf` picks out of an event. */
  #keyed<V>(keyOf: (e: RunEvent) => string | undefined) {
    return {
      length: () => this.#indexed,
      keyAt: (i: number) => {
        const e = this.#events[i];
        return e && keyOf(e);
      },
      valueAt: (i: number) => this.#events[i] as V,
    };
  }

  /** Records what the ledger needs of a call event; true when the event can change the ledger. */
  #touchesLedger(e: RunEvent, i: number): boolean {
    if (e.kind === "not_run") {
      const list = this.#notRun.get(e.call_id);
      if (list) list.push(i);
      else this.#notRun.set(e.call_id, [i]);
    }
    if (e.kind === "attempt") {
      let group = this.#groups.get(e.call_id);
      if (!group && householdOf(e) === null) return false;
      if (!group) {
        group = { id: e.call_id, attempts: [], outcomes: [] };
        this.#groups.set(e.call_id, group);
        this.#insertInCallOrder(group, e.call_id);
      }
      group.attempts.push(i);
      this.#ledgerEvents[i] = 1;
      return true;
    }
    // Most long logs never touch a household: nothing to look up.
    if (this.#groups.size === 0 || !("call_id" in e)) return false;
    const group = this.#groups.get(e.call_id);
    if (!group) return false;
    if (STATUS[e.kind]) group.outcomes.push(i);
    this.#ledgerEvents[i] = 1;
    return true;
  }

  /** recordedCalls orders calls by their id's first attempt, which may predate its first household. */
  #insertInCallOrder(group: CallGroup, id: string): void {
    const first = (g: CallGroup): number => this.#attempts.firstIndex(g.id) ?? Infinity;
    const at = this.#attempts.firstIndex(id) ?? Infinity;
    let k = this.#householdGroups.length;
    while (k > 0 && first(this.#householdGroups[k - 1] as CallGroup) > at) k -= 1;
    this.#householdGroups.splice(k, 0, group);
  }

  /** The tally of events[0..cursor], folded from the nearest checkpoint (in a scratch tally, read before the next call). */
  #tallyAt(cursor: number): Tally {
    const k = Math.floor(cursor / CHECKPOINT_EVERY);
    const tally = Object.assign(this.#atCursor, this.#checkpoints[k] ?? this.#tally);
    for (let i = k * CHECKPOINT_EVERY; i <= cursor; i++) {
      const e = this.#events[i];
      if (e) advance(tally, e, i, this.#ledgerEvents[i] === 1);
    }
    return tally;
  }

  at(cursor: number): RunAtCursor {
    const i = Math.min(cursor, this.#indexed - 1);
    const tally = i < 0 ? emptyTally() : this.#tallyAt(i);
    const current = this.#events[i];
    const finished = tally.finishedAt < 0 ? undefined : (this.#events[tally.finishedAt] as EventOf<"run_finished">);
    return {
      cursor,
      current,
      decisionsUsed: finished?.decisions_used ?? tally.replies,
      elapsedMs: current?.at_ms ?? 0,
      households: this.#ledgerAt(tally.ledgerAt),
      final: tally.finalAt < 0 ? undefined : (this.#events[tally.finalAt] as EventOf<"final">),
      finished,
      observations: this.#observations.asOf(i),
      attempts: this.#attempts.asOf(i),
    };
  }

  /** The ledger as of event `v` (the last event that changed it), kept for the last few positions. */
  #ledgerAt(v: number): readonly HouseholdAtCursor[] {
    const kept = this.#ledgers.get(v);
    if (kept) return kept;
    const ledger = this.#ledger(v);
    if (this.#ledgers.size >= 8) this.#ledgers.delete(this.#ledgers.keys().next().value as number);
    this.#ledgers.set(v, ledger);
    return ledger;
  }

  /** householdLedger(events[0..v]) over the calls that touched a household only. */
  #ledger(v: number): HouseholdAtCursor[] {
    const byHousehold = new Map<string, HouseholdAtCursor>();
    const fixture = this.#fixture;
    for (const group of this.#householdGroups) {
      const attempt = lastAtOrBefore(group.attempts, v);
      if (attempt === undefined) continue;
      const h = householdOf(this.#events[attempt] as EventOf<"attempt">);
      if (h === null) continue;
      let entry = byHousehold.get(h);
      if (!entry) {
        entry = { household: h, in_scope: fixture.task_households.includes(h as never), authorised: fixture.context.authorised_households.includes(h as never), denied: [], disclosed: [], failed: [], pending: [], not_run: [] };
        byHousehold.set(h, entry);
      }
      const outcome = lastAtOrBefore(group.outcomes, v);
      const event = outcome !== undefined && outcome > attempt ? this.#events[outcome] : undefined;
      const status = (event && STATUS[event.kind]) ?? "not_run";
      if (status === "denied") entry.denied.push(group.id);
      else if (status === "observed") entry.disclosed.push(group.id);
      else {
        const notRun = lastAtOrBefore(this.#notRun.get(group.id) ?? [], v) !== undefined;
        if (status === "not_run" && !notRun) entry.pending.push(group.id);
        else {
          entry.failed.push(group.id);
          if (notRun) entry.not_run.push(group.id);
        }
      }
    }
    return [...byHousehold.values()];
  }
}

const DENIAL = KIND_CODE.denial;
const OBSERVATION = KIND_CODE.observation;
const ERROR_CODES: ReadonlySet<number> = new Set([...ERROR_KINDS].map((k) => KIND_CODE[k]));

/** A copy of `list` with room for at least `n` entries. */
function grow(list: Uint8Array<ArrayBuffer>, n: number): Uint8Array<ArrayBuffer> {
  const grown = new Uint8Array(Math.max(n, list.length * 2));
  grown.set(list);
  return grown;
}

const emptyTally = (): Tally => ({ replies: 0, finalAt: -1, finishedAt: -1, ledgerAt: -1 });

/** Adds event i to a tally (in place: the index folds a million events without a million tallies). */
function advance(t: Tally, e: RunEvent, i: number, touchesLedger: boolean): void {
  if (e.kind === "model_reply") t.replies += 1;
  else if (e.kind === "final" && t.finalAt < 0) t.finalAt = i;
  else if (e.kind === "run_finished" && t.finishedAt < 0) t.finishedAt = i;
  if (touchesLedger) t.ledgerAt = i;
}
