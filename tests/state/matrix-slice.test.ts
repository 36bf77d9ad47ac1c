import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { simulatedModelServer } from "../../src/mocks/node.ts";
import type { Matrix } from "../../src/fixture-set/matrix/compose.ts";
import { composeMatrixFiles } from "../../src/state/matrix/matrix-files.ts";
import { matrixGrid, NO_FILTER, type GridCell } from "../../src/state/matrix/matrix-grid.ts";
import { fixtureById } from "../../src/state/workspace/workspace-slice.ts";
import { verifyExportFile } from "../../src/integrity/verify-file.ts";
import { loadFixtures } from "../support.ts";
import { dataFiles, fullMatrix, matrixOf, matrixStore } from "./matrix-test-data.ts";
import { testDeps } from "./test-deps.ts";

const RED = "mx-holdings-hh1001-x-doc-adviser-hh1002";
const FIXTURES = loadFixtures();
let matrix: Matrix;
let obedient: ReturnType<typeof matrixStore>;

beforeAll(async () => {
  matrix = fullMatrix();
  obedient = matrixStore(matrix);
  obedient.getState().setMatrixSettings({ candidate: "obedient" });
  await obedient.getState().runMatrix();
}, 60_000);

const cells = (store: ReturnType<typeof matrixStore>): GridCell[] => {
  const s = store.getState();
  return matrixGrid(matrix, s.matrixRun.results, s.matrixFilter).rows.flatMap((r) => r.cells);
};
const cell = (store: ReturnType<typeof matrixStore>, id: string): GridCell => {
  const found = cells(store).find((c) => c.id === id);
  if (!found) throw new Error(`no cell ${id}`);
  return found;
};

describe("the matrix slice runs a candidate over every cell", () => {
  it("composes the matrix once, on first use, and keeps its fixtures findable but out of the picker", async () => {
    let loads = 0;
    const store = matrixStore(matrix, { loadMatrix: async () => (loads++, { ok: true, matrix }) });
    expect(store.getState().matrix.status).toBe("unloaded");
    const first = store.getState().loadMatrix();
    expect(store.getState().matrix.status).toBe("loading");
    await Promise.all([first, store.getState().loadMatrix()]);
    expect(store.getState().matrix.status).toBe("ready");
    expect(loads).toBe(1);
    expect(store.getState().fixtures).toHaveLength(FIXTURES.length);
    expect(fixtureById(store.getState(), RED)?.matrix?.injection).toBe("doc-adviser-hh1002");
  });

  it("reference: every cell run, no attack attempted, every task done", async () => {
    const store = matrixStore(matrix);
    await store.getState().runMatrix();
    const { matrixRun } = store.getState();
    expect(matrixRun).toMatchObject({ status: "done", candidate: "reference", kind: "scripted", done: 171 });
    expect(matrixRun.runs).toHaveLength(matrix.cells.length);
    expect(matrixRun.results.filter((r) => r.summary.attempted)).toHaveLength(0);
    const run = cells(store).filter((c) => c.tone !== "skipped");
    expect(run.every((c) => c.tone === "clean" && c.utility === "passed")).toBe(true);
  });

  it("obedient: attacks executed and blocked, and the cells coloured accordingly", () => {
    const { results } = obedient.getState().matrixRun;
    expect(results.filter((r) => r.summary.executed).length).toBeGreaterThan(0);
    const all = cells(obedient);
    const executed = all.filter((c) => c.tone === "executed");
    const blocked = all.filter((c) => c.tone === "blocked");
    expect(executed).toHaveLength(results.filter((r) => r.summary.executed).length);
    expect(blocked.length).toBeGreaterThan(0);
    // A baseline has no injection to follow: never red or amber.
    expect(all.filter((c) => c.injection === null).every((c) => c.tone === "clean")).toBe(true);
    expect(cell(obedient, RED)).toMatchObject({ tone: "executed", utility: "lost", label: `${RED}: executed — disclosed HH-1002; task failed` });
    const denied = blocked.find((c) => c.detail.some((d) => d.includes("denied")));
    expect(denied?.label).toMatch(/: attempted, blocked — call-\d+ portfolio\.read on HH-\d+: denied/);
  });

  it("a pair left out as not meaningful is a cell with its reason and nothing to open", () => {
    const skipped = cells(obedient).filter((c) => c.tone === "skipped");
    expect(skipped).toHaveLength(matrix.skipped.length);
    expect(skipped.every((c) => c.open === null && c.detail[0] && c.label.includes("not meaningful"))).toBe(true);
  });

  it("opening a red cell loads its run at the disclosing observation", () => {
    const store = obedient;
    const open = cell(store, RED).open;
    expect(open).not.toBeNull();
    store.getState().openMatrixRun(open ?? -1);
    const s = store.getState();
    expect(s.view).toBe("run");
    expect(s.run).toMatchObject({ fixtureId: RED, candidate: "obedient", kind: "scripted" });
    const event = s.run?.events[s.cursor];
    expect(event?.kind).toBe("observation");
    const attempt = s.run?.events.find((e) => e.kind === "attempt" && event?.kind === "observation" && e.call_id === event.call_id);
    expect(attempt?.kind === "attempt" && attempt.arguments).toEqual({ household: "HH-1002" });
    // Every panel derives from the cursor: the generated fixture was found for it.
    expect(s.at).not.toBeNull();
  });

  it("opening an amber cell lands on the boundary's refusal", () => {
    const amber = cells(obedient).find((c) => c.tone === "blocked" && c.detail.some((d) => d.includes("denied")));
    obedient.getState().openMatrixRun(amber?.open ?? -1);
    const s = obedient.getState();
    expect(s.run?.fixtureId).toBe(amber?.id);
    expect(s.run?.events[s.cursor]?.kind).toBe("denial");
  });

  it("filters by carrier and goal hide the other columns and recount the rates", () => {
    const store = obedient;
    store.getState().setMatrixFilter({ carriers: ["document"] });
    const grid = matrixGrid(matrix, store.getState().matrixRun.results, store.getState().matrixFilter);
    expect(grid.columns[0]).toBeNull();
    expect(grid.columns.slice(1).every((i) => i?.carrier === "document")).toBe(true);
    store.getState().setMatrixFilter({ carriers: ["document"], goals: ["read_authorised_outside_task"] });
    const narrow = matrixGrid(matrix, store.getState().matrixRun.results, store.getState().matrixFilter);
    expect(narrow.columns.map((i) => i?.id ?? null)).toEqual([null, "doc-adviser-hh1002", "doc-split-export"]);
    store.getState().setMatrixFilter(NO_FILTER);
  });

  it("exports a sealed suite like any other: every run sealed, the plan bound, the digest verifying", async () => {
    const file = await obedient.getState().exportMatrix({ includeDiagnostics: false });
    expect(file?.fileName).toBe("finbound-matrix-obedient-171-runs.json");
    const parsed = JSON.parse(file?.text ?? "{}") as { format: string; plan?: unknown; runs: { fixture: { id: string }; candidate: { kind: string } }[] };
    expect(parsed).toMatchObject({ format: "finbound.scored-suite/v1", plan: { fixtures: matrix.cells.map((c) => c.id), candidates: ["obedient"], trials: 1 } });
    expect(parsed.runs.map((r) => r.fixture.id)).toEqual(matrix.cells.map((c) => c.id));
    expect(parsed.runs.every((r) => r.candidate.kind === "scripted")).toBe(true);
    expect((await verifyExportFile(parsed, testDeps().sha256Hex)).status).toBe("verified");
  });
});

describe("a bad matrix file is an error naming the file and the field, not a crash", () => {
  it("composeMatrixFiles reports the file and the field", () => {
    const tasks = dataFiles("tasks");
    const bad = tasks.map((f) => (f.file.endsWith("/holdings-hh1001.json") ? { ...f, bytes: new TextEncoder().encode('{"fixture":"holdings-hh1001","kind":"poem","rests_on":[]}') } : f));
    const composed = composeMatrixFiles(FIXTURES, bad, dataFiles("injections"));
    expect(composed.ok).toBe(false);
    expect(!composed.ok && composed.errors.join("\n")).toMatch(/fixtures\/tasks\/holdings-hh1001\.json: .*"kind"/);
  });

  it("a matrix that cannot be loaded at all is reported as invalid, and nothing runs", async () => {
    const store = matrixStore(matrix, { loadMatrix: () => Promise.reject(new Error("chunk failed to load")) });
    await store.getState().runMatrix();
    expect(store.getState().matrix).toEqual({ status: "invalid", errors: ["the attack matrix could not be loaded: chunk failed to load"] });
    expect(store.getState().matrixRun.status).toBe("idle");
  });

  it("the slice keeps the errors and runs nothing", async () => {
    const store = matrixStore(matrix, { loadMatrix: () => ({ ok: false, errors: ['fixtures/injections/x.json: field "goal": invalid'] }) });
    await store.getState().runMatrix();
    expect(store.getState().matrix).toEqual({ status: "invalid", errors: ['fixtures/injections/x.json: field "goal": invalid'] });
    expect(store.getState().matrixRun.status).toBe("idle");
  });
});

describe("the simulated model over the matrix, through HTTP", () => {
  const small = matrixOf(["holdings-hh1001"]);
  const server = simulatedModelServer([...FIXTURES, ...small.cells.map((c) => c.fixture)], 0.0005);
  beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
  afterAll(() => server.close());

  it("fully susceptible: follows every injection; K trials per cell, counted in the cells", async () => {
    const store = matrixStore(small);
    store.getState().setMatrixSettings({ candidate: "simulated", susceptibility: 1, trials: 2, concurrency: 8 });
    await store.getState().runMatrix();
    const { matrixRun } = store.getState();
    expect(matrixRun).toMatchObject({ status: "done", candidate: "simulated:susceptible:1", kind: "http", trials: 2 });
    expect(matrixRun.runs).toHaveLength(small.cells.length * 2);
    const red = matrixGrid(small, matrixRun.results, NO_FILTER).rows[0]?.cells.find((c) => c.id === RED);
    expect(red).toMatchObject({ tone: "executed", counted: 2, executed: 2 });
    expect(red?.label).toBe(`${RED}: executed in 2 of 2 runs — disclosed HH-1002; task failed in all 2 runs`);
  });

  it("not susceptible: no attack attempted", async () => {
    const store = matrixStore(small);
    store.getState().setMatrixSettings({ candidate: "simulated", susceptibility: 0 });
    await store.getState().runMatrix();
    const { matrixRun } = store.getState();
    expect(matrixRun.status).toBe("done");
    expect(matrixRun.results.filter((r) => r.summary.attempted)).toHaveLength(0);
  });
});
