import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { scriptedCandidate } from "../../src/candidates/scripted.ts";
import { createVirtualClock } from "../../src/runtime/clock.ts";
import { runEpisode } from "../../src/runtime/episode.ts";
import { REFERENCE_BUDGET } from "../../src/schemas/budget.ts";
import type { RunEvent } from "../../src/schemas/event.ts";
import type { Fixture } from "../../src/schemas/fixture.ts";
import { CHECKPOINT_EVERY, CursorIndex, runAtCursor, type RunAtCursor } from "../../src/state/run/cursor-index.ts";
import { fixture, loadFixtures, runReplies, tool } from "../support.ts";
import { makeStore } from "./test-deps.ts";

/** Per-test bound for the property tests below (vitest's default is 5 s). */
const HEAVY = 60_000;

/** A RunAtCursor as plain data, so two derivations can be compared with toEqual. */
const plain = (at: RunAtCursor) => ({ ...at, observations: [...at.observations], attempts: [...at.attempts], sizes: [at.observations.size, at.attempts.size] });

const indexed = (events: readonly RunEvent[], fx: Fixture): CursorIndex => {
  const index = new CursorIndex(fx);
  index.sync(events);
  return index;
};

function expectSameAt(index: CursorIndex, events: readonly RunEvent[], fx: Fixture, cursor: number): void {
  expect(plain(index.at(cursor)), `event ${cursor}`).toEqual(plain(runAtCursor(events, cursor, fx)));
}

describe("the run as of the cursor, derived incrementally", () => {
  it("equals the from-scratch derivation at every event of every scripted candidate of every fixture", async () => {
    let runs = 0;
    for (const fx of loadFixtures()) {
      for (const name of Object.keys(fx.candidates)) {
        const candidate = scriptedCandidate(fx, name);
        if (!candidate) continue;
        const { events } = await runEpisode({ fixture: fx, candidate, clock: createVirtualClock(), budget: { ...REFERENCE_BUDGET, repair: true } });
        const index = indexed(events, fx);
        for (let i = 0; i < events.length; i++) expectSameAt(index, events, fx, i);
        runs += 1;
      }
    }
    expect(runs).toBeGreaterThan(30);
  });

  // Thousands of from-scratch derivations: ~2 s alone, three times that on a busy machine. A bound for a
  // hang, not a speed target.
  it("equals it at checkpoint edges and random events of a long run that reads, is denied and fails on many households", async () => {
    const fx = fixture("concentration-hh1001");
    const households = ["HH-1001", "HH-2002", "HH-9999", "HH-1002"];
    const replies = Array.from({ length: 1_500 }, (_, k) =>
      k % 7 === 3 ? tool("concentration", { household: "HH-1001", equity_inr: 1, eligible_inr: 0 }) : k % 11 === 5 ? tool("future_value", { scenario: "nope" }) : tool("portfolio.read", { household: households[k % households.length] }),
    );
    const { events } = await runReplies(fx, replies, { budget: { ...REFERENCE_BUDGET, max_decisions: 1_500, deadline_ms: 1e9 } });
    expect(events.length).toBeGreaterThan(7_000);
    const index = indexed(events, fx);
    const edges = Array.from({ length: Math.floor(events.length / CHECKPOINT_EVERY) }, (_, k) => (k + 1) * CHECKPOINT_EVERY).flatMap((c) => [c - 1, c, c + 1]);
    const random = fc.sample(fc.integer({ min: 0, max: events.length - 1 }), { numRuns: 150, seed: 11 });
    for (const i of [0, events.length - 1, ...edges, ...random]) expectSameAt(index, events, fx, Math.min(i, events.length - 1));
  }, HEAVY);

  it("gives the same answers when the log is indexed as a live run appends it, one event at a time", async () => {
    const fx = fixture("concentration-hh1001");
    const candidate = scriptedCandidate(fx, "reads-other-household");
    if (!candidate) throw new Error("no candidate");
    const { events } = await runEpisode({ fixture: fx, candidate, clock: createVirtualClock() });
    const index = new CursorIndex(fx);
    for (let n = 1; n <= events.length; n++) {
      const grown = events.slice(0, n);
      expect(index.extends(grown)).toBe(n === 1 || index.length === n - 1);
      index.sync(grown);
      expectSameAt(index, grown, fx, n - 1);
      expectSameAt(index, grown, fx, Math.floor(n / 2));
    }
    expect(index.extends(events.slice(1))).toBe(false);
    expect(() => index.sync(events.slice(1))).toThrow(/replaced/);
  });

  it("indexes everything as the log is synced: the first look at its last event reads no more than a checkpoint's events", async () => {
    const fx = fixture("concentration-hh1001");
    // Few calls touch a household: the look at a position reads those calls' events as well as a checkpoint's.
    const replies = Array.from({ length: 400 }, (_, k) => (k % 100 === 0 ? tool("portfolio.read", { household: "HH-2002" }) : tool("future_value", { scenario: "nope" })));
    const { events } = await runReplies(fx, replies, { budget: { ...REFERENCE_BUDGET, max_decisions: 400, deadline_ms: 1e9 } });
    expect(events.length).toBeGreaterThan(6 * CHECKPOINT_EVERY);
    // An import appends a long run's parts to one array as they arrive, and syncs after each.
    const log: RunEvent[] = [];
    let reads = 0;
    const counted = new Proxy(log, {
      get(target, key, receiver) {
        if (typeof key === "string" && /^\d+$/.test(key)) reads += 1;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    const index = new CursorIndex(fx);
    for (const part of [events.slice(0, events.length >> 1), events.slice(events.length >> 1)]) {
      log.push(...part);
      index.sync(counted);
    }
    reads = 0;
    const last = index.at(events.length - 1);
    expect(reads).toBeLessThanOrEqual(CHECKPOINT_EVERY + 32);
    expect(plain(last)).toEqual(plain(runAtCursor(events, events.length - 1, fx)));
  });

  it("equals it on arbitrary call logs: re-used call ids, outcomes before attempts, not_run anywhere", () => {
    const fx = fixture("concentration-hh1001");
    const ids = ["call-1", "call-2", "call-3"];
    const call = fc.record({ kind: fc.constantFrom("attempt", "denial", "observation", "tool_error", "not_run"), id: fc.constantFrom(...ids), household: fc.constantFrom("HH-1001", "HH-2002", null, 7) });
    const step = fc.oneof(call, fc.constantFrom({ kind: "model_reply" }, { kind: "final" }, { kind: "run_finished" }));
    fc.assert(
      fc.property(fc.array(step, { minLength: 30, maxLength: 600, size: "max" }), (steps) => {
        const events = steps.map((s, seq) => toEvent(s, seq));
        const index = indexed(events, fx);
        for (let i = 0; i < events.length; i++) expectSameAt(index, events, fx, i);
      }),
      { numRuns: 30, seed: 5 },
    );
  }, HEAVY);
});

describe("the store's run as of the cursor", () => {
  it("is derived once per move, for every panel, and follows a live run, the keys and a loaded run", async () => {
    const store = makeStore();
    const fx = fixture("concentration-hh1001");
    store.getState().selectFixture(fx.id, "reads-other-household");
    const seen: [number, number, RunAtCursor | null][] = [];
    const unsubscribe = store.subscribe((s) => seen.push([s.cursor, s.run?.events.length ?? 0, s.at]));
    await store.getState().startRun();
    unsubscribe();
    const events = store.getState().run?.events ?? [];
    expect(seen.length).toBeGreaterThan(events.length);
    for (const [cursor, length, at] of seen) expect(at?.current).toBe(cursor < length ? events[cursor] : undefined);
    const check = () => expect(plain(store.getState().at!)).toEqual(plain(runAtCursor(events, store.getState().cursor, fx)));
    check();
    store.getState().setCursor(0);
    check();
    store.getState().stepCursor(3);
    check();
    const at = store.getState().at;
    store.getState().setCursor(3);
    expect(store.getState().at).toBe(at);
    store.getState().loadRun({ fixtureId: fx.id, candidate: "x", kind: "imported", budget: REFERENCE_BUDGET, events, scored: null, imported: null }, 5);
    expect(store.getState().cursor).toBe(5);
    check();
  });
});

/** A minimal event of each kind: only the fields the derivation reads are meaningful. */
function toEvent(s: { kind: string; id?: string; household?: string | number | null }, seq: number): RunEvent {
  const base = { seq, step: seq, at_ms: seq * 10 };
  switch (s.kind) {
    case "attempt":
      return { ...base, kind: "attempt", call_id: s.id ?? "", tool: "portfolio.read", arguments: s.household === null ? {} : { household: s.household } };
    case "denial":
      return { ...base, kind: "denial", call_id: s.id ?? "", code: "household_not_authorised", detail: "" };
    case "observation":
      return { ...base, kind: "observation", call_id: s.id ?? "", evidence_id: `ev-${s.id ?? ""}`, tool: "portfolio.read", data: {} };
    case "tool_error":
      return { ...base, kind: "tool_error", call_id: s.id ?? "", code: "invalid_arguments", detail: "" };
    case "not_run":
      return { ...base, kind: "not_run", call_id: s.id ?? "", detail: "" };
    case "model_reply":
      return { ...base, kind: "model_reply", text: "", latency_ms: 1, finish_reason: null, usage: null };
    case "final":
      return { ...base, kind: "final", outcome: "answered", claims: [], evidence_ids: [], policy_code: null, message: "", discarded_fields: [] };
    default:
      return { ...base, kind: "run_finished", outcome: "answered", reason: null, decisions_used: seq };
  }
}
