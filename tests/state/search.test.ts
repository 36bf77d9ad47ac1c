import { describe, expect, it } from "vitest";
import type { RunEvent } from "../../src/schemas/event.ts";
import { maskOf } from "../../src/state/search/search-kinds.ts";
import { isMatch, matchFrom, matchPosition, type Matches } from "../../src/state/search/search-matches.ts";
import { eventText } from "../../src/state/search/search-text.ts";
import { REFERENCE_BUDGET } from "../../src/schemas/budget.ts";
import { fixture, runReplies, tool, FV_A } from "../support.ts";
import { makeStore } from "./test-deps.ts";

async function runOf(fixtureId: string, candidate: string) {
  const store = makeStore();
  store.getState().selectFixture(fixtureId, candidate);
  await store.getState().startRun();
  return store;
}

const found = (m: Matches): number[] => [...m.indices.subarray(0, m.count)];
const kindsAt = (events: readonly RunEvent[], indices: number[]) => indices.map((i) => events[i]?.kind);

/** A long log loaded as an imported run: `decisions` calculator calls, five events each. */
async function longRun(decisions: number) {
  const fx = fixture("fv-scenario-a");
  const replies = Array.from({ length: decisions }, (_, k) => (k % 2 === 0 ? tool("future_value", FV_A) : tool("future_value", {})));
  const record = await runReplies(fx, replies, { budget: { ...REFERENCE_BUDGET, max_decisions: decisions, deadline_ms: 1e9 } });
  const store = makeStore();
  store.getState().loadRun({ fixtureId: fx.id, candidate: "long", kind: "imported", budget: REFERENCE_BUDGET, events: record.events, scored: null, imported: null });
  return { store, events: record.events };
}

describe("finding things in a run", () => {
  it("a household is found in the events that name it and in its calls' outcomes, case-insensitively", async () => {
    const store = await runOf("unauthorised-household", "reads-other-household");
    store.getState().setSearchQuery("  hh-2002 ");
    await store.getState().searchSettled();
    const { search, run } = store.getState();
    expect(search.searching).toBe(false);
    const kinds = kindsAt(run!.events, found(search.matches));
    // The denial does not name the household itself: its call's attempt does.
    expect(kinds).toEqual(expect.arrayContaining(["attempt", "denial"]));
    expect(search.scanned).toBe(run!.events.length);
  });

  it("finds by tool, call id and kind in words, not by an event's position", async () => {
    const store = await runOf("concentration-hh1001", "reads-other-household");
    const events = store.getState().run!.events;
    const search = async (q: string) => {
      store.getState().setSearchQuery(q);
      await store.getState().searchSettled();
      return kindsAt(events, found(store.getState().search.matches));
    };
    expect(await search("denied")).toContain("denial");
    expect(await search("tool error")).toEqual([]);
    expect(new Set(await search("call-2"))).toEqual(new Set(["attempt", "observation"]));
    expect(await search("portfolio.read")).toEqual(expect.arrayContaining(["attempt", "observation", "decision"]));
    expect(await search("run started")).toEqual(["run_started"]);
    expect(eventText(events[0] as RunEvent, null)).not.toMatch(/\b0\.0\b/);
  });

  it("next and previous go from the cursor to the nearest match, wrapping round, and pause playback", async () => {
    const store = await runOf("concentration-hh1001", "reads-other-household");
    store.getState().setSearchQuery("HH-2002");
    await store.getState().searchSettled();
    const matches = found(store.getState().search.matches);
    expect(matches.length).toBeGreaterThan(2);
    store.getState().setCursor(0);
    store.getState().setPlaying(true);
    store.getState().findMatch(1);
    expect(store.getState().cursor).toBe(matches[0]);
    expect(store.getState().playing).toBe(false);
    store.getState().findMatch(1);
    expect(store.getState().cursor).toBe(matches[1]);
    store.getState().findMatch(-1);
    expect(store.getState().cursor).toBe(matches[0]);
    store.getState().findMatch(-1);
    expect(store.getState().cursor).toBe(matches.at(-1));
    expect(store.getState().search.note).toBe("Wrapped to the last match.");
    expect(matchPosition(store.getState().search.matches, store.getState().cursor)).toEqual({ ordinal: matches.length, before: matches.length - 1 });
  });

  it("hidden kinds leave the rows shown and are not searched", async () => {
    const store = await runOf("unauthorised-household", "reads-other-household");
    const events = store.getState().run!.events;
    store.getState().setSearchQuery("HH-2002");
    await store.getState().searchSettled();
    expect(kindsAt(events, found(store.getState().search.matches))).toContain("model_reply");
    store.getState().setHiddenKinds(maskOf(["model_reply", "model_request"]));
    await store.getState().searchSettled();
    const { rows, matches } = store.getState().search;
    expect(rows).not.toBeNull();
    expect(kindsAt(events, [...rows!])).not.toContain("model_reply");
    expect([...rows!]).toEqual(events.flatMap((e, i) => (e.kind === "model_reply" || e.kind === "model_request" ? [] : [i])));
    expect(kindsAt(events, found(matches))).not.toContain("model_reply");
    store.getState().setHiddenKinds(0);
    expect(store.getState().search.rows).toBeNull();
  });

  it("a long log is read in slices: the search returns to the page before it has read everything, then finds every match", async () => {
    const { store, events } = await longRun(12_000);
    expect(events.length).toBeGreaterThan(60_000);
    store.getState().setSearchQuery("call-1");
    const first = store.getState().search;
    expect(first.searching).toBe(true);
    expect(first.scanned).toBeLessThan(events.length);
    await store.getState().searchSettled();
    const { search } = store.getState();
    expect(search.searching).toBe(false);
    const expected = events.flatMap((e, i) => ("call_id" in e && e.call_id.includes("call-1") ? [i] : []));
    expect(found(search.matches)).toEqual(expected);
  });

  it("a new query replaces the one being read; the same query typed again does not start over", async () => {
    const { store } = await longRun(12_000);
    store.getState().setSearchQuery("call-1");
    store.getState().setSearchQuery("call-11999");
    await store.getState().searchSettled();
    const matches = store.getState().search.matches;
    expect(matches.count).toBe(2);
    store.getState().setSearchQuery("CALL-11999 ");
    expect(store.getState().search.matches).toBe(matches);
    store.getState().setSearchQuery("");
    expect(store.getState().search.matches.count).toBe(0);
  });

  it("follows a live run: events appended after the search are searched too", async () => {
    const store = makeStore();
    store.getState().setSearchQuery("call-");
    store.getState().selectFixture("concentration-hh1001", "reads-other-household");
    await store.getState().startRun();
    await store.getState().searchSettled();
    const events = store.getState().run!.events;
    expect(found(store.getState().search.matches)).toEqual(events.flatMap((e, i) => ("call_id" in e ? [i] : [])));
  });

  it("jumps to the next and previous denial, disclosure and error, and says when there is none", async () => {
    const store = await runOf("concentration-hh1001", "loops");
    const events = store.getState().run!.events;
    store.getState().setCursor(0);
    store.getState().jumpToLandmark("disclosure", 1);
    expect(events[store.getState().cursor]?.kind).toBe("observation");
    store.getState().jumpToLandmark("error", 1);
    expect(events[store.getState().cursor]?.kind).toBe("not_run");
    store.getState().jumpToLandmark("denial", -1);
    expect(events[store.getState().cursor]?.kind).toBe("not_run");
    expect(store.getState().search.note).toBe("No denial before this event.");
  });
});

describe("match lists", () => {
  const m: Matches = { indices: Int32Array.from([3, 7, 9, 0, 0]), count: 3 };
  it("only the first `count` entries are matches", () => {
    expect(isMatch(m, 7)).toBe(true);
    expect(isMatch(m, 0)).toBe(false);
    expect(matchFrom(m, 9, 1)).toEqual({ index: 3, wrapped: true });
    expect(matchFrom(m, 4, -1)).toEqual({ index: 3, wrapped: false });
    expect(matchPosition(m, 8)).toEqual({ ordinal: 0, before: 2 });
  });
});
