import { describe, expect, it } from "vitest";
import { scriptedCandidate } from "../../src/candidates/scripted.ts";
import { createVirtualClock } from "../../src/runtime/clock.ts";
import { runEpisode } from "../../src/runtime/episode.ts";
import type { EventOf, RunEvent } from "../../src/schemas/event.ts";
import type { Fixture } from "../../src/schemas/fixture.ts";
import { householdOf } from "../../src/scoring/run-view.ts";
import { CursorIndex } from "../../src/state/run/cursor-index.ts";
import { ERROR_KINDS, LANDMARKS, maskOf, type Landmark } from "../../src/state/search/search-kinds.ts";
import { loadFixtures } from "../support.ts";

/** The definitions, from scratch: a call event's household is its latest attempt's. */
function householdAt(events: readonly RunEvent[], i: number): string | null {
  const e = events[i];
  if (!e || !("call_id" in e)) return null;
  for (let j = i; j >= 0; j--) {
    const a = events[j];
    if (a?.kind === "attempt" && a.call_id === e.call_id) return householdOf(a as EventOf<"attempt">);
  }
  return null;
}
const isLandmark = (events: readonly RunEvent[], which: Landmark, i: number): boolean => {
  const e = events[i];
  if (!e) return false;
  if (which === "denial") return e.kind === "denial";
  // A request the analyst's Stop cancelled is recorded as a model failure, but is no error of the run's.
  if (which === "error") return ERROR_KINDS.has(e.kind) && !(e.kind === "model_failure" && e.code === "model_cancelled");
  return e.kind === "observation" && householdAt(events, i) !== null;
};

async function everyRun(): Promise<{ fx: Fixture; events: readonly RunEvent[] }[]> {
  const runs = [];
  for (const fx of loadFixtures()) {
    for (const name of Object.keys(fx.candidates)) {
      const candidate = scriptedCandidate(fx, name);
      if (candidate) runs.push({ fx, events: (await runEpisode({ fixture: fx, candidate, clock: createVirtualClock() })).events });
    }
  }
  return runs;
}

describe("the log's facts", () => {
  it("agree with their definitions at every event of every scripted run: household, disclosure, landmarks, kinds", async () => {
    for (const { fx, events } of await everyRun()) {
      const index = new CursorIndex(fx);
      index.sync(events);
      const facts = index.facts();
      for (let i = 0; i < events.length; i++) {
        const e = events[i] as RunEvent;
        const h = householdAt(events, i);
        expect(facts.householdAt(i), `${fx.id} ${i}`).toBe(h);
        const disclosure = e.kind === "observation" && h !== null ? (fx.task_households.includes(h as never) ? "in_scope" : "out_of_scope") : null;
        expect(facts.disclosureAt(i)).toBe(disclosure);
        for (const which of LANDMARKS) {
          const after = events.findIndex((_, j) => j > i && isLandmark(events, which, j));
          const before = events.findLastIndex((_, j) => j < i && isLandmark(events, which, j));
          expect(facts.landmark(which, i, 1)).toBe(after < 0 ? undefined : after);
          expect(facts.landmark(which, i, -1)).toBe(before < 0 ? undefined : before);
        }
      }
      const mask = maskOf(["attempt", "denial", "observation"]);
      expect([...facts.ofKinds(mask)]).toEqual(events.flatMap((e, i) => (["attempt", "denial", "observation"].includes(e.kind) ? [i] : [])));
      expect(facts.kindCounts().reduce((a, b) => a + b, 0)).toBe(events.length);
    }
  });

  it("a view made before the log grew answers for the events it was made with; a new one sees the rest", async () => {
    const { fx, events } = (await everyRun()).find((r) => r.events.some((e) => e.kind === "denial"))!;
    const denial = events.findIndex((e) => e.kind === "denial");
    const index = new CursorIndex(fx);
    index.sync(events.slice(0, denial));
    const early = index.facts();
    index.sync(events);
    expect(early.landmark("denial", 0, 1)).toBeUndefined();
    expect(early.ofKinds(maskOf(["denial"]))).toHaveLength(0);
    expect(index.facts().landmark("denial", 0, 1)).toBe(denial);
  });

  it("the error landmark passes over a request the analyst's Stop cancelled, and stops at a model's real failure", () => {
    const fx = loadFixtures()[0]!;
    const at = (seq: number) => ({ seq, step: 1, at_ms: seq, latency_ms: 5 });
    const events = [
      { kind: "model_failure", code: "model_cancelled", ...at(0) },
      { kind: "model_failure", code: "model_timeout", ...at(1) },
    ] as RunEvent[];
    const index = new CursorIndex(fx);
    index.sync(events);
    expect(index.facts().landmark("error", 0, 1)).toBe(1);
    expect(index.facts().landmark("error", 1, -1)).toBeUndefined();
  });
});
