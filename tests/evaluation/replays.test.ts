import { describe, expect, it } from "vitest";
import { nodeSha256 } from "../../src/cli/node-sha256.ts";
import { evaluateScripted } from "../../src/evaluation/evaluate.ts";
import { REPLAYS_KEPT, Replays, type RecordedEvents } from "../../src/evaluation/replays.ts";
import { isDeeplyFrozen } from "../../src/runtime/freeze.ts";
import { rescoreExport } from "../../src/evaluation/rescore.ts";
import { exportRun } from "../../src/integrity/export.ts";
import { chainHeadOf, hashEvents } from "../../src/integrity/seal.ts";
import type { ScoredRunExport } from "../../src/schemas/export.ts";
import type { Fixture } from "../../src/schemas/fixture.ts";
import { fixture as loadFixture } from "../support.ts";

const NOW = "2026-11-30T00:00:00.000Z";
// One object per fixture, as an import finds them in its fixture set (a replay is kept per fixture object).
const fixtures = new Map<string, Fixture>();
const fixture = (id: string): Fixture => fixtures.get(id) ?? (fixtures.set(id, loadFixture(id)), fixture(id));

async function exported(fixtureId: string, candidate: string): Promise<ScoredRunExport> {
  const run = await evaluateScripted(fixture(fixtureId), candidate, { includeDiagnostics: true });
  if (!run) throw new Error(`no scripted ${candidate} for ${fixtureId}`);
  // A file as parsed: plain JSON, as an import holds it.
  return JSON.parse(JSON.stringify(await exportRun(run, fixture(fixtureId), "scripted", { includeDiagnostics: false, sha256: nodeSha256, nowIso: NOW }))) as ScoredRunExport;
}

const recorded = async (file: ScoredRunExport, events: readonly unknown[] = file.events): Promise<RecordedEvents> => ({ events, chainHead: chainHeadOf((await hashEvents(file.events, nodeSha256)).hashes) });

describe("replaying alike runs once", () => {
  it("replays trials that recorded the same events once, and judges each against its own file as re-scoring it alone would", async () => {
    const a = await exported("fv-scenario-a", "reference");
    const files: ScoredRunExport[] = [
      { ...a, trial: 1 },
      { ...a, trial: 2 },
      // Its verdicts were changed: alike replay, its own differences.
      { ...a, trial: 3, verdicts: a.verdicts.map((v, i) => (i === 0 ? { ...v, status: v.status === "pass" ? "fail" : "pass" } : v)) },
      { ...a, trial: undefined },
    ];
    const replays = new Replays();
    const fx = fixture("fv-scenario-a");
    for (const file of files) {
      const got = await replays.rescore(file, fx, await recorded(file));
      expect(got).toEqual(await rescoreExport(file, fx, file.events));
    }
    expect(replays.replayed).toBe(1);
    const third = await replays.rescore(files[2] as ScoredRunExport, fx, await recorded(a));
    expect(third.differences.map((d) => d.check)).toEqual([a.verdicts[0]?.check]);
    expect(third.run.trial).toBe(3);
    expect(third.eventsMatch).toBe(true);
    // Shared between alike runs, so frozen: no run can change another's verdicts.
    expect(Object.isFrozen(third.run.verdicts)).toBe(true);
    expect(Object.isFrozen(third.run.verdicts[0])).toBe(true);
    // A run without a trial is the shared replay itself.
    const shared = (await replays.rescore(files[3] as ScoredRunExport, fx, await recorded(a))).run;
    for (const part of [shared, shared.events, shared.diagnostics, shared.result]) expect(Object.isFrozen(part)).toBe(true);
  });

  it("replays again what could replay differently: another fixture, candidate name, budget or chain of events", async () => {
    const a = await exported("fv-scenario-a", "reference");
    const fx = fixture("fv-scenario-a");
    const replays = new Replays();
    const events = await recorded(a);
    await replays.rescore(a, fx, events);
    // The same id, another fixture object (another fixture set): not taken for the same.
    const other = Object.freeze({ ...fx });
    expect(isDeeplyFrozen(other)).toBe(true);
    await replays.rescore(a, other, events);
    expect(replays.replayed).toBe(2);
    await replays.rescore({ ...a, budget: { ...a.budget, max_decisions: a.budget.max_decisions + 1 } }, fx, events);
    await replays.rescore({ ...a, candidate: { ...a.candidate, name: "renamed" } }, fx, events);
    await replays.rescore(a, fx, { ...events, chainHead: "f".repeat(64) });
    expect(replays.replayed).toBe(5);
    await replays.rescore(a, fx, events);
    expect(replays.replayed).toBe(5);
  });

  it("carries whether the events matched: a replay that differs from the file differs for every run alike", async () => {
    const a = await exported("fv-scenario-a", "reference");
    const fx = fixture("fv-scenario-a");
    const replays = new Replays();
    // Recorded events that are not the replay's (one dropped), under one chain head.
    const shorter = { events: a.events.slice(1), chainHead: "e".repeat(64) };
    expect((await replays.rescore(a, fx, shorter)).eventsMatch).toBe(false);
    expect((await replays.rescore({ ...a, trial: 2 }, fx, shorter)).eventsMatch).toBe(false);
    expect(replays.replayed).toBe(1);
  });

  it("replays a run whose events could not be hashed on its own, never matching its events", async () => {
    const a = await exported("fv-scenario-a", "reference");
    const fx = fixture("fv-scenario-a");
    const replays = new Replays();
    for (let i = 0; i < 2; i++) expect(await replays.rescore(a, fx, null)).toEqual(await rescoreExport(a, fx, null));
    expect(replays.replayed).toBe(2);
  });

  it("replays every run on a fixture that is not deeply frozen: it could change between runs, and is known only by its object", async () => {
    const a = await exported("fv-scenario-a", "reference");
    const open: Fixture = structuredClone(fixture("fv-scenario-a"));
    const replays = new Replays();
    for (const trial of [1, 2]) expect(await replays.rescore({ ...a, trial }, open, await recorded(a))).toEqual(await rescoreExport({ ...a, trial }, open, a.events));
    expect(replays.replayed).toBe(2);
    // Nothing of the fixture was frozen by the runs that took from it.
    expect(Object.isFrozen(open.task_households)).toBe(false);
  });

  it("keeps replays within a bound on their events, and replays a run longer than the longest kept on its own", async () => {
    const a = await exported("fv-scenario-a", "reference");
    const b = await exported("concentration-hh1001", "reference");
    const c = await exported("fv-scenario-a", "alters-input");
    const weight = (f: ScoredRunExport): number => f.events.length;
    const replayedWith = async (bounds: ConstructorParameters<typeof Replays>[0], order: readonly ScoredRunExport[]): Promise<number> => {
      const replays = new Replays(bounds);
      for (const file of order) await replays.rescore(file, fixture(file.fixture.id), await recorded(file));
      return replays.replayed;
    };
    // Room for a and b's events: c pushes out the least recently used (b), so a still hits and b does not.
    expect(await replayedWith({ events: weight(a) + weight(b) }, [a, b, a, c, a, b])).toBe(4);
    expect(await replayedWith({ events: weight(a) + weight(b) + weight(c) }, [a, b, a, c, a, b])).toBe(3);
    // A run longer than the longest kept is replayed each time; the others still are not.
    expect(await replayedWith({ longest: weight(a) - 1 }, [a, a, a])).toBe(3);
    expect(await replayedWith({ longest: weight(a) }, [a, a, a])).toBe(1);
    expect(await replayedWith({ runs: Number.NaN }, [a, a])).toBe(2);
  });

  it("keeps the last `kept` distinct replays, and with 0 replays every run", async () => {
    const a = await exported("fv-scenario-a", "reference");
    const b = await exported("concentration-hh1001", "reference");
    const order = [a, b, a, b, a];
    const replayedWith = async (kept: number): Promise<number> => {
      const replays = new Replays({ runs: kept });
      for (const file of order) await replays.rescore(file, fixture(file.fixture.id), await recorded(file));
      return replays.replayed;
    };
    expect(await replayedWith(0)).toBe(5);
    expect(await replayedWith(1)).toBe(5);
    expect(await replayedWith(2)).toBe(2);
    expect(await replayedWith(REPLAYS_KEPT)).toBe(2);
    // A hit moves to the end: with room for two, a b a c a keeps a and replays three times.
    const c = await exported("fv-scenario-a", "alters-input");
    const replays = new Replays({ runs: 2 });
    for (const file of [a, b, a, c, a]) await replays.rescore(file, fixture(file.fixture.id), await recorded(file));
    expect(replays.replayed).toBe(3);
  });
});
