import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { simulatedModelServer } from "../../src/mocks/node.ts";
import type { ScoredRunExport } from "../../src/schemas/export.ts";
import type { HistoryEntry } from "../../src/schemas/history.ts";
import type { HistoryStore } from "../../src/state/history/history-store.ts";
import { createMemoryHistory } from "../../src/state/history/memory-history.ts";
import { fixture, loadFixtures } from "../support.ts";
import { importInThisThread, type ImportInput } from "../../src/state/io/import-task.ts";
import { makeStore } from "./test-deps.ts";
import { fullMatrix, matrixStore } from "./matrix-test-data.ts";

/** A clock that moves one second per reading, so "newest first" is observable. */
function ticking(): () => string {
  let t = 0;
  return () => new Date(Date.UTC(2026, 10, 30) + 1000 * t++).toISOString();
}

/** A store over `history`, as a page would be after a (re)load. */
async function openWorkbench(history: HistoryStore) {
  const store = makeStore({ history, nowIso: ticking() });
  await store.getState().loadHistory();
  return store;
}

async function run(store: Awaited<ReturnType<typeof openWorkbench>>, fixture: string, candidate: string) {
  store.getState().selectFixture(fixture, candidate);
  await store.getState().startRun();
}

describe("history", () => {
  it("a finished run is saved as its sealed export, diagnostics included, and is listed after a reload", async () => {
    const history = createMemoryHistory();
    const store = await openWorkbench(history);
    await run(store, "portfolio-unavailable", "leaks-internals");
    const [entry] = store.getState().history.entries;
    expect(entry).toMatchObject({ kind: "run", label: "portfolio-unavailable / leaks-internals", summary: { runs: 1, passed: 0 } });
    expect(entry?.file).toMatchObject({ format: "finbound.scored-run/v1", candidate: { kind: "scripted" }, integrity: { algorithm: "sha256" } });
    expect((entry?.file as ScoredRunExport).diagnostics).toHaveLength(1);

    const reloaded = await openWorkbench(history);
    expect(reloaded.getState().history).toEqual({ status: "ready", entries: [entry], problems: [], corrupt: [] });
  });

  it("the same scripted run replayed again updates its entry instead of adding one", async () => {
    const store = await openWorkbench(createMemoryHistory());
    await run(store, "fv-scenario-a", "reference");
    await run(store, "fv-scenario-a", "reference");
    expect(store.getState().history.entries).toHaveLength(1);
  });

  it("a finished suite is saved as one entry", async () => {
    const store = await openWorkbench(createMemoryHistory());
    await store.getState().runSuite("injection-adviser-scope");
    expect(store.getState().history.entries).toEqual([
      expect.objectContaining({
        kind: "suite",
        label: "every scripted candidate × 1 fixture (4 runs)",
        // The suite view's headline figures: 4 of 4 as designed, though only the reference passed.
        summary: { runs: 4, passed: 1, ok: 4, regressions: 0, failed: 0, declared: 4, infrastructure: 0 },
        file: expect.objectContaining({ format: "finbound.scored-suite/v1" }),
      }),
    ]);
  });

  it("a finished attack-matrix run is kept as a suite entry that says what ran", async () => {
    const matrix = fullMatrix();
    const store = matrixStore(matrix, { history: createMemoryHistory() });
    await store.getState().loadHistory();
    store.getState().setMatrixSettings({ candidate: "obedient" });
    await store.getState().runMatrix();
    const [entry] = store.getState().history.entries;
    const runs = store.getState().matrixRun.runs.length;
    expect(entry).toMatchObject({ kind: "suite", label: `attack matrix: obedient × ${matrix.cells.length} cells`, summary: { runs, declared: 0, regressions: 0 } });
    expect(entry?.summary.ok).toBe(store.getState().matrixRun.runs.filter((r) => r.passed).length);
  });

  it("opening an entry re-imports the file: it is verified and re-scored, never trusted", async () => {
    const history = createMemoryHistory();
    const first = await openWorkbench(history);
    await run(first, "concentration-hh1001", "alters-input");
    const saved = first.getState().history.entries[0];
    if (saved?.kind !== "run") throw new Error("the run was not saved");
    const verdicts = first.getState().run?.scored?.verdicts;
    // A record edited on disk to claim every check passed, with the seal dropped so it still imports.
    const { integrity: _seal, ...unsealed } = saved.file;
    const doctored = { ...unsealed, passed: true, verdicts: unsealed.verdicts.map((v) => ({ ...v, status: "pass" as const })) };
    await history.put({ ...saved, id: "doctored", saved_at: "2026-01-01T00:00:00.000Z", summary: { runs: 1, passed: 1 }, file: doctored });

    const store = await openWorkbench(history);
    expect(await store.getState().openHistoryEntry(saved.id)).toBe(true);
    expect(store.getState()).toMatchObject({ view: "run", run: { kind: "imported", candidate: "alters-input", imported: { verified: true, differences: [] } } });
    expect(store.getState().run?.scored?.verdicts).toEqual(verdicts);

    expect(await store.getState().openHistoryEntry("doctored")).toBe(true);
    expect(store.getState().run?.scored?.passed).toBe(false);
    expect(store.getState().run?.imported).toMatchObject({ verified: false, differences: expect.arrayContaining([expect.objectContaining({ check: "inputs_from_evidence" })]) });
    expect(store.getState().history.entries).toHaveLength(2);
  });

  it("History, a link and Compare hand the import the stored file itself: nothing is written out and read back", async () => {
    const history = createMemoryHistory();
    const first = await openWorkbench(history);
    await run(first, "concentration-hh1001", "alters-input");
    const saved = first.getState().history.entries[0];
    if (saved?.kind !== "run") throw new Error("the run was not saved");
    const inputs: ImportInput[] = [];
    const store = makeStore({ history, nowIso: ticking(), startImport: (input, start) => (inputs.push(input), importInThisThread(input, start)) });
    await store.getState().loadHistory();
    const entry = store.getState().history.entries[0]!;

    expect(await store.getState().openHistoryEntry(entry.id)).toBe(true);
    expect(await store.getState().openRunLink(entry.id)).toBe(true);
    store.getState().setCompareMode("runs");
    store.getState().setCompareFixture("concentration-hh1001");
    expect(await store.getState().pickForCompare("a", `history:${entry.id}`)).toBe(true);
    expect(inputs).toHaveLength(3);
    for (const input of inputs) expect(input).toEqual({ stored: entry.file });
    expect(inputs.every((input) => "stored" in input && input.stored === entry.file)).toBe(true);
    expect(store.getState().compare.runs.a?.runs[0]?.verdicts).toEqual(first.getState().run?.scored?.verdicts);
  });

  it("opening a saved suite shows it in the suite view, re-scored", async () => {
    const history = createMemoryHistory();
    await (await openWorkbench(history)).getState().runSuite("missing-horizon");
    const store = await openWorkbench(history);
    expect(await store.getState().openHistoryEntry(store.getState().history.entries[0]!.id)).toBe(true);
    expect(store.getState()).toMatchObject({ view: "suite", suite: { status: "done" } });
    expect(store.getState().suite.runs.map((r) => r.candidate)).toEqual(Object.keys(fixture("missing-horizon").candidates));
  });

  it("deleting an entry removes it from the view and from storage", async () => {
    const history = createMemoryHistory();
    const store = await openWorkbench(history);
    await run(store, "fv-scenario-a", "reference");
    await run(store, "missing-horizon", "reference");
    const [newest, oldest] = store.getState().history.entries;
    expect(newest?.label).toBe("missing-horizon / reference");
    expect(await store.getState().deleteHistoryEntry(oldest!.id)).toBe(true);
    expect(store.getState().history.entries).toEqual([newest]);
    expect((await openWorkbench(history)).getState().history.entries).toEqual([newest]);
  });

  it("export all writes every stored run as one sealed suite that Import verifies and re-scores", async () => {
    const store = await openWorkbench(createMemoryHistory());
    await run(store, "fv-scenario-a", "reference");
    await store.getState().runSuite("claimed-authority");
    const suiteSize = store.getState().suite.runs.length;
    const file = await store.getState().exportAllHistory();
    expect(file.fileName).toBe(`finbound-history-${suiteSize + 1}-runs.json`);
    const text = file.parts.join("");
    const suite = JSON.parse(text) as { format: string; runs: { fixture: { id: string } }[] };
    expect(suite.format).toBe("finbound.scored-suite/v1");
    expect(suite.runs.map((r) => r.fixture.id)).toEqual([...Array<string>(suiteSize).fill("claimed-authority"), "fv-scenario-a"]);
    const other = await openWorkbench(createMemoryHistory());
    expect(await other.getState().importText(file.fileName, text)).toBe(true);
    expect(other.getState().suite.runs).toHaveLength(suiteSize + 1);
  });

  it("a corrupt record is reported and skipped while the others load", async () => {
    const history = createMemoryHistory();
    await run(await openWorkbench(history), "fv-scenario-a", "reference");
    await history.put({ id: "broken", kind: "run", label: 42 } as unknown as HistoryEntry);
    const store = await openWorkbench(history);
    const { history: state, notice } = store.getState();
    expect(state.status).toBe("ready");
    expect(state.entries.map((e) => e.label)).toEqual(["fv-scenario-a / reference"]);
    expect(state.problems).toEqual([expect.stringMatching(/^History record broken is unreadable and was skipped: field "/)]);
    expect(notice).toEqual({ kind: "error", text: state.problems[0] });
  });

  it("a corrupt record is reported once, even when two loads overlap, and Remove deletes it", async () => {
    const history = createMemoryHistory();
    await history.put({ id: "broken", kind: "run", label: 42 } as unknown as HistoryEntry);
    const store = makeStore({ history });
    await Promise.all([store.getState().loadHistory(), store.getState().loadHistory()]);
    expect(store.getState().history.problems).toHaveLength(1);
    expect(store.getState().history.corrupt).toEqual([{ id: "broken", reason: expect.any(String) }]);
    expect(await store.getState().deleteHistoryEntry("broken")).toBe(true);
    expect(store.getState().history).toMatchObject({ problems: [], corrupt: [] });
    await store.getState().loadHistory();
    expect(store.getState().history).toMatchObject({ problems: [], corrupt: [] });
  });

  it("a save that exceeds the storage quota is reported, and the finished run stays on screen", async () => {
    const store = await openWorkbench(createMemoryHistory({ quotaBytes: 1_000 }));
    await run(store, "fv-scenario-a", "reference");
    expect(store.getState().run).toMatchObject({ status: "done", fixtureId: "fv-scenario-a", scored: { passed: true } });
    expect(store.getState().history.entries).toEqual([]);
    expect(store.getState().history.problems).toEqual([expect.stringContaining("fv-scenario-a / reference — could not save to the history: the browser's storage quota is exceeded")]);
    expect(store.getState().notice).toMatchObject({ kind: "error", text: expect.stringContaining("quota") });
  });

  it("a history that cannot be read fails visibly and the workbench still runs", async () => {
    const broken: HistoryStore = { ...createMemoryHistory(), list: () => Promise.reject(new Error("could not read the history: disk gone")) };
    const store = await openWorkbench(broken);
    expect(store.getState().history).toMatchObject({ status: "failed", problems: ["Could not read the history: disk gone."] });
    await run(store, "fv-scenario-a", "reference");
    expect(store.getState().run?.scored?.passed).toBe(true);
  });
});

describe("history and a local model", () => {
  const server = simulatedModelServer(loadFixtures(), 0.001);
  beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
  afterAll(() => server.close());

  it("saves a local model's run without its API key", async () => {
    const key = "sk-local-model-key-0123456789";
    const history = createMemoryHistory();
    const store = await openWorkbench(history);
    store.getState().selectFixture("fv-scenario-a", "reference");
    store.getState().setCandidateKind("local");
    store.getState().updateLocalModel({ baseUrl: "http://127.0.0.1:8080", model: "finbound-sim/reference", apiKey: key });
    await store.getState().startRun();
    const { entries } = await history.list();
    expect(entries).toEqual([expect.objectContaining({ label: "fv-scenario-a / local:finbound-sim/reference", file: expect.objectContaining({ candidate: { name: "local:finbound-sim/reference", kind: "http" } }) })]);
    expect(JSON.stringify(entries)).not.toContain(key);
  });
});
