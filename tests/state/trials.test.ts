import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FetchLike } from "../../src/candidates/http/wire.ts";
import { simulatedModelServer } from "../../src/mocks/node.ts";
import type { ScoredRun } from "../../src/schemas/scored-run.ts";
import { trialReliability } from "../../src/evaluation/trial-reliability.ts";
import type { TrialSettings } from "../../src/state/trials/trials-slice.ts";
import { loadFixtures } from "../support.ts";
import { makeStore } from "./test-deps.ts";

const FIXTURES = loadFixtures();
const server = simulatedModelServer(FIXTURES, 0.001);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(() => server.close());

interface Sent {
  seed: unknown;
  temperature: unknown;
}

/** The global fetch, watched: what every chat request carried, and how many were in flight at most. */
function watchedFetch() {
  const sent: Sent[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const fetchImpl: FetchLike = async (url, init) => {
    if (url.endsWith("/chat/completions")) {
      const body = JSON.parse(init.body ?? "{}") as Sent;
      sent.push({ seed: body.seed, temperature: body.temperature });
    }
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    try {
      return await fetch(url, init);
    } finally {
      inFlight -= 1;
    }
  };
  return { fetchImpl, sent, maxInFlight: () => maxInFlight };
}

async function trialsOf(settings: Partial<TrialSettings>, fetchImpl?: FetchLike) {
  const store = makeStore(fetchImpl ? { fetch: fetchImpl } : {});
  store.getState().setTrialSettings(settings);
  await store.getState().runTrials();
  return store;
}

/** What each (fixture, trial) came to, to compare two evaluations run for run. */
const verdictsOf = (runs: readonly ScoredRun[]) => runs.map((r) => `${r.fixture}#${String(r.trial)} ${r.outcome} ${r.passed ? "pass" : "fail"}`);

describe("K trials of the simulated model from the store", () => {
  it("sends no more runs at once than the server has slots, and says so; trials at temperature 0 say what they measure", async () => {
    const watch = watchedFetch();
    // The server says it decodes two requests at once.
    const twoSlots: FetchLike = async (url, init) => (url.endsWith("/props") ? Response.json({ total_slots: 2 }) : watch.fetchImpl(url, init));
    const store = await trialsOf({ trials: 2, concurrency: 6, temperature: 0, scope: "all" }, twoSlots);
    expect(store.getState().trials).toMatchObject({ status: "done", notices: ["The server has 2 slot(s): 2 runs at a time, not 6, so no request waits in its queue.", "At temperature 0 a server gives the same reply to the same request: the 2 trials measure its determinism, not the model's reliability."] });
    expect(watch.maxInFlight()).toBeLessThanOrEqual(2);
    const plain = await trialsOf({ trials: 2, concurrency: 2, temperature: 0.3 });
    expect(plain.getState().trials.notices).toEqual([]);
  });

  it("runs every fixture K times at most N in flight, trial t with seed + t − 1, into the suite in plan order", async () => {
    const watch = watchedFetch();
    const store = await trialsOf({ trials: 4, concurrency: 3, temperature: 0.5, seed: 11 }, watch.fetchImpl);
    const { suite, trials } = store.getState();
    expect(trials).toMatchObject({ status: "done", done: FIXTURES.length * 4, total: FIXTURES.length * 4, candidate: "simulated:reference" });
    expect(suite).toMatchObject({ status: "done", kind: "http", scope: null });
    expect(suite.runs.map((r) => `${r.fixture}#${String(r.trial)}`)).toEqual(FIXTURES.flatMap((f) => [1, 2, 3, 4].map((t) => `${f.id}#${t}`)));
    expect(new Set(watch.sent.map((s) => s.seed))).toEqual(new Set([11, 12, 13, 14]));
    expect(watch.sent.every((s) => s.temperature === 0.5)).toBe(true);
    expect(watch.maxInFlight()).toBeLessThanOrEqual(3);
    expect(watch.maxInFlight()).toBeGreaterThan(1);
    // The finished suite is kept like any other.
    expect(store.getState().history.entries[0]?.label).toBe(`simulated:reference × ${FIXTURES.length} fixtures × 4 trials`);
  });

  // Three evaluations; each waits out the portfolio-unavailable fixture's 2 s tool timeout on the real clock.
  it("a rerun with the same seed repeats every trial; another seed draws other mistakes", async () => {
    const first = verdictsOf((await trialsOf({ trials: 4, temperature: 0.5, seed: 3 })).getState().suite.runs);
    const again = verdictsOf((await trialsOf({ trials: 4, temperature: 0.5, seed: 3 })).getState().suite.runs);
    const other = verdictsOf((await trialsOf({ trials: 4, temperature: 0.5, seed: 4 })).getState().suite.runs);
    expect(again).toEqual(first);
    expect(other).not.toEqual(first);
  });

  it("at temperature 0 the reference behaviour passes every trial: pass^k is 1 for every k", async () => {
    const store = await trialsOf({ trials: 3, temperature: 0 });
    const r = trialReliability(store.getState().suite.runs);
    expect(r?.passHat).toEqual([1, 1, 1]);
    expect(r?.infrastructure).toBe(0);
  });

  it("pass^k falls with k; runs the server failed are counted apart and left out of pass^k", async () => {
    // The simulated model's temperature changes what it writes, never whether the server answers: the
    // server fails here every request of trial 2 (seed 6).
    const failingTrial2: FetchLike = async (url, init) => {
      const seed = url.endsWith("/chat/completions") ? (JSON.parse(init.body ?? "{}") as Sent).seed : undefined;
      return seed === 6 ? new Response(JSON.stringify({ error: { message: "the server fell over" } }), { status: 500, headers: { "content-type": "application/json" } }) : fetch(url, init);
    };
    const store = await trialsOf({ trials: 4, temperature: 0.6, seed: 5 }, failingTrial2);
    const runs = store.getState().suite.runs;
    const r = trialReliability(runs);
    if (!r) throw new Error("no reliability");
    const serverFailures = runs.filter((run) => run.result.set_by === "runtime" && run.result.policy_code === "model_http_error");
    expect(serverFailures.length).toBeGreaterThan(0);
    expect(r.infrastructure).toBe(serverFailures.length);
    expect(r.fixtures.reduce((n, f) => n + f.n, 0)).toBe(runs.length - serverFailures.length);
    // Per fixture, pass^k never rises with k, and some fixture's falls.
    for (const f of r.fixtures) {
      const curve = f.passHat.filter((v): v is number => v !== null);
      expect(curve.every((v, i) => i === 0 || v <= (curve[i - 1] ?? 1)), f.fixture).toBe(true);
    }
    expect(r.fixtures.some((f) => (f.passHat[0] ?? 0) > (f.passHat[f.n - 1] ?? 1))).toBe(true);
  });

  it("runs only the selected fixture when asked, and the local model from the form (its name and URL)", async () => {
    const store = makeStore();
    store.getState().selectFixture("missing-horizon");
    store.getState().updateLocalModel({ baseUrl: "http://127.0.0.1:8080", model: "finbound-sim/reference" });
    store.getState().setTrialSettings({ trials: 2, scope: "selected", model: "local", temperature: 0 });
    await store.getState().runTrials();
    expect(store.getState().suite.runs.map((r) => [r.fixture, r.candidate, r.trial, r.passed])).toEqual([
      ["missing-horizon", "local:finbound-sim/reference", 1, true],
      ["missing-horizon", "local:finbound-sim/reference", 2, true],
    ]);
  });

  it("stop ends the trials early: no new run starts and the suite keeps only finished runs", async () => {
    const store = makeStore();
    store.getState().setTrialSettings({ trials: 8, concurrency: 1, temperature: 0 });
    const unsubscribe = store.subscribe((s) => {
      if (s.trials.done === 2) s.stopTrials();
    });
    await store.getState().runTrials();
    unsubscribe();
    const { trials, suite } = store.getState();
    expect(trials.status).toBe("stopped");
    expect(trials.done).toBe(2);
    expect(suite.runs).toHaveLength(2);
    expect(suite.status).toBe("done");
  });

  it("a server that does not answer stops the trials before the first run, saying why", async () => {
    const refusing: FetchLike = async () => {
      throw new TypeError("Failed to fetch");
    };
    const store = makeStore({ fetch: refusing });
    store.getState().updateLocalModel({ baseUrl: "http://127.0.0.1:1", model: "m" });
    store.getState().setTrialSettings({ model: "local" });
    const before = store.getState().suite;
    await store.getState().runTrials();
    expect(store.getState().trials).toMatchObject({ status: "failed", done: 0, message: expect.stringMatching(/^model_network_error: could not list models at http:\/\/127\.0\.0\.1:1; no trial was run/), network: { kind: "no_server" } });
    expect(store.getState().suite).toBe(before);
  });

  it("settings are kept within bounds", () => {
    const store = makeStore();
    store.getState().setTrialSettings({ trials: 1000, concurrency: 0, temperature: -1, seed: 2.7 });
    expect(store.getState().trialSettings).toMatchObject({ trials: 32, concurrency: 1, temperature: 0, seed: 2 });
    store.getState().setTrialSettings({ trials: Number.NaN });
    expect(store.getState().trialSettings.trials).toBe(4);
  });
});

describe("trials that cannot start", () => {
  it("a simulator that fails to start is reported, and the trials are not left running", async () => {
    const store = makeStore({ ensureSimulator: async () => Promise.reject(new Error("service workers are disabled")) });
    await store.getState().runTrials();
    expect(store.getState().trials).toMatchObject({ status: "failed", message: "The simulated model could not start: service workers are disabled" });
  });
});
