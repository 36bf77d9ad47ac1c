import { describe, expect, it } from "vitest";
import { bytesSource } from "../../src/evaluation/import/bytes-source.ts";
import { SCORED_SUITE_FORMAT } from "../../src/schemas/export.ts";
import { jsonlSuiteText } from "../support.ts";
import { makeStore } from "./test-deps.ts";

// The leaderboard view's slice on the real store: every scripted candidate of two fixtures, saved to
// history as two suites, picked, read (verified and re-scored) and ranked on this thread (no workers here).

async function withTwoSuites() {
  const store = makeStore();
  await store.getState().loadHistory();
  await store.getState().runSuite("fv-scenario-a");
  await store.getState().runSuite("concentration-hh1001");
  const entries = store.getState().history.entries;
  expect(entries.map((e) => e.kind)).toEqual(["suite", "suite"]);
  for (const e of [...entries].reverse()) store.getState().toggleLeaderboardEntry(e.id);
  return store;
}

describe("the leaderboard view's slice", () => {
  it("ranks the suites picked: a row per candidate and source, regressions first, every cell counted", async () => {
    const store = await withTwoSuites();
    expect(await store.getState().rankLeaderboard()).toBe(true);
    const l = store.getState().leaderboard;
    expect(l.status).toBe("ready");
    expect(l.sources.map((s) => [s.runs, s.verified])).toEqual([
      [expect.any(Number), true],
      [expect.any(Number), true],
    ]);
    const table = l.table;
    if (!table) throw new Error("no table");
    const runs = l.sources.reduce((n, s) => n + s.runs, 0);
    expect(table.leaderboard.rows.reduce((n, r) => n + r.runs, 0)).toBe(runs);
    expect(table.fixtures).toEqual(["concentration-hh1001", "fv-scenario-a"]);
    // The order holds every row once, the distinguishably worse first.
    expect([...table.order].sort()).toEqual(table.leaderboard.rows.map((r) => r.key).sort());
    const standings = table.order.map((key) => table.leaderboard.rows.find((r) => r.key === key)?.metrics[table.leaderboard.metric]?.standing);
    const firstOther = standings.findIndex((s) => s !== "worse");
    expect(standings.slice(firstOther)).not.toContain("worse");
    // The baseline is the first source's best candidate, and said so.
    expect(table.leaderboard.rows.find((r) => r.key === l.options.baseline)?.metrics[table.leaderboard.metric]?.standing).toBe("baseline");
    // Each row ran one fixture: its one cell holds all its runs.
    for (const row of table.leaderboard.rows) {
      const cells = Object.values(table.cells[row.key] ?? {});
      expect(cells).toHaveLength(1);
      expect(cells[0]?.counted).toBe(row.runs - row.infrastructure);
    }
  });

  it("another baseline is ranked again from the runs already read", async () => {
    const store = await withTwoSuites();
    await store.getState().rankLeaderboard();
    const rows = store.getState().leaderboard.table?.leaderboard.rows ?? [];
    const other = rows.at(-1)?.key ?? "";
    expect(await store.getState().setLeaderboardOptions({ baseline: other })).toBe(true);
    const table = store.getState().leaderboard.table;
    expect(table?.leaderboard.baseline).toBe(other);
    expect(table?.leaderboard.rows.find((r) => r.key === other)?.metrics[table.leaderboard.metric]?.standing).toBe("baseline");
  });

  it("a cell opens that candidate's runs of that fixture, verified and re-scored", async () => {
    const store = await withTwoSuites();
    await store.getState().rankLeaderboard();
    const table = store.getState().leaderboard.table;
    const row = table?.leaderboard.rows.find((r) => r.identity.name === "reference" && r.sources[0]?.startsWith("every scripted candidate × 1 fixture"));
    if (!table || !row) throw new Error("no reference row");
    const fixture = Object.keys(table.cells[row.key] ?? {})[0] ?? "";
    expect(await store.getState().chooseLeaderboardCell({ key: row.key, fixture })).toBe(true);
    const s = store.getState();
    // One run: opened in the timeline, as a suite's run opens.
    expect(s.view).toBe("run");
    expect(s.suite.runs.map((r) => [r.fixture, r.candidate])).toEqual([[fixture, "reference"]]);
    expect(s.run?.fixtureId).toBe(fixture);
    expect(s.suite.runs[0]?.passed).toBe(true);
  });

  it("two cells open Compare with both sides", async () => {
    const store = await withTwoSuites();
    await store.getState().rankLeaderboard();
    const table = store.getState().leaderboard.table;
    if (!table) throw new Error("no table");
    const fv = table.leaderboard.rows.filter((r) => table.cells[r.key]?.["fv-scenario-a"]);
    const [a, b] = [fv.find((r) => r.identity.name === "reference"), fv.find((r) => r.identity.name !== "reference")];
    if (!a || !b) throw new Error("two fv-scenario-a rows wanted");
    store.getState().setCellAction("compare");
    expect(await store.getState().chooseLeaderboardCell({ key: a.key, fixture: "fv-scenario-a" })).toBe(true);
    expect(store.getState().leaderboard.picked).toEqual({ key: a.key, fixture: "fv-scenario-a" });
    expect(store.getState().view).not.toBe("compare");
    expect(await store.getState().chooseLeaderboardCell({ key: b.key, fixture: "fv-scenario-a" })).toBe(true);
    const s = store.getState();
    expect(s.view).toBe("compare");
    expect(s.compare.mode).toBe("runs");
    expect(s.compare.runs.a?.runs[0]?.candidate).toBe("reference");
    expect(s.compare.runs.b?.runs[0]?.candidate).toBe(b.identity.name);
    expect(s.compare.runs.result).not.toBeNull();
    expect(s.leaderboard.picked).toBeNull();
  });

  it("an imported JSONL suite ranks beside History: the same runs give the same rates", async () => {
    const store = makeStore();
    await store.getState().loadHistory();
    await store.getState().runSuite("fv-scenario-a");
    const entry = store.getState().history.entries[0];
    if (entry?.file.format !== SCORED_SUITE_FORMAT) throw new Error("no saved suite");
    store.getState().toggleLeaderboardEntry(entry.id);
    store.getState().addLeaderboardFile("fv.jsonl", bytesSource(new TextEncoder().encode(await jsonlSuiteText(entry.file.runs))));
    expect(await store.getState().rankLeaderboard()).toBe(true);
    const table = store.getState().leaderboard.table;
    const rate = (source: string, name: string) => {
      const row = table?.leaderboard.rows.find((r) => r.sources[0] === source && r.identity.name === name);
      return row && table?.cells[row.key]?.["fv-scenario-a"];
    };
    expect(store.getState().leaderboard.sources.map((s) => s.name)).toEqual([expect.stringMatching(/^every scripted candidate × 1 fixture/), "fv.jsonl"]);
    for (const run of entry.file.runs) expect(rate("fv.jsonl", run.candidate.name)).toEqual(rate(store.getState().leaderboard.sources[0]?.name ?? "", run.candidate.name));
  });

  it("a file that is not a finbound file is refused with its reason, and nothing is ranked", async () => {
    const store = makeStore();
    await store.getState().loadHistory();
    store.getState().addLeaderboardFile("notes.txt", bytesSource(new TextEncoder().encode("not json")));
    expect(await store.getState().rankLeaderboard()).toBe(false);
    const l = store.getState().leaderboard;
    expect(l.status).toBe("failed");
    expect(l.table).toBeNull();
    expect(l.problem).toMatch(/^notes\.txt: /);
  });

  it("nothing picked: says what to do", async () => {
    const store = makeStore();
    expect(await store.getState().rankLeaderboard()).toBe(false);
    expect(store.getState().leaderboard.problem).toBe("Pick a suite from History or import a file first.");
  });
});
