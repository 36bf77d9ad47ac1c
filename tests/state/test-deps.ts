import { createHash } from "node:crypto";
import { createRealClock, createVirtualClock } from "../../src/runtime/clock.ts";
import type { StoreDeps } from "../../src/state/deps.ts";
import { createMemoryHistory } from "../../src/state/history/memory-history.ts";
import { evaluateSuite } from "../../src/evaluation/suite.ts";
import { createStore } from "../../src/state/store.ts";
import { loadFixtures } from "../support.ts";

/** The real slices with test-friendly outer dependencies: instant clock, node crypto, global fetch, history in memory, a fixed network probe. */
export function testDeps(overrides: Partial<StoreDeps> = {}): StoreDeps {
  return {
    fixtures: loadFixtures(),
    fixtureErrors: [],
    clockFor: () => createVirtualClock(),
    realClock: () => createRealClock(),
    sha256Hex: async (text) => createHash("sha256").update(text).digest("hex"),
    nowIso: () => "2026-11-30T00:00:00.000Z",
    fetch: (url, init) => fetch(url, init),
    resolveUrl: (url) => url,
    simulatorBaseUrl: "http://simulator.test",
    ensureSimulator: async () => {},
    evaluateSuite,
    pageOrigin: "http://workbench.test",
    // Node has no CORS or CSP: a failed request here means nothing answered.
    probeNetworkFailure: async () => "no_server",
    history: createMemoryHistory(),
    ...overrides,
  };
}

export const makeStore = (overrides: Partial<StoreDeps> = {}) => createStore(testDeps(overrides));
