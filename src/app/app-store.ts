// The browser's store: embedded fixtures, WebCrypto for hashes, the paced clock for scripted runs,
// the real clock and fetch for model runs, the msw service worker as the simulated model, a probe that tells
// network failures apart, and IndexedDB for history.
import { useStore as useZustandStore } from "zustand";
import { createPacedClock, createRealClock } from "../runtime/clock.ts";
import { embeddedFixtures } from "./embedded-fixtures.ts";
import { createTextAnnotationsStore } from "../state/annotations/annotations-store.ts";
import { createIndexedDbHistory } from "./idb-history.ts";
import { createBrowserNetworkProbe } from "./browser-network-probe.ts";
import { evaluateMatrixInWorker } from "./workers/matrix-worker-client.ts";
import { createStore, type Store } from "../state/store.ts";
import { evaluateSuiteInWorker } from "./workers/suite-worker-client.ts";
import { startImport } from "./workers/import-client.ts";
import { readLeaderboardRuns } from "./workers/leaderboard-worker-client.ts";

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

const fixtures = embeddedFixtures.ok ? embeddedFixtures.fixtures : [];
let simulator: Promise<void> | null = null;

export const appStore = createStore({
  fixtures,
  fixtureErrors: embeddedFixtures.ok ? [] : embeddedFixtures.errors.map((e) => e.message),
  clockFor: (pace) => createPacedClock(pace, pace >= 1 ? Number.POSITIVE_INFINITY : undefined),
  realClock: () => createRealClock(),
  sha256Hex,
  nowIso: () => new Date().toISOString(),
  fetch: (url, init) => fetch(url, init),
  resolveUrl: (url) => new URL(url, window.location.origin).toString().replace(/\/$/, ""),
  evaluateSuite: evaluateSuiteInWorker,
  simulatorBaseUrl: `${window.location.origin}/sim`,
  ensureSimulator: () =>
    (simulator ??= Promise.all([import("../mocks/browser.ts"), import("./embedded-matrix.ts")]).then(async ([m, e]) => m.startBrowserSimulator([...fixtures, ...(await e.embeddedMatrixFixtures(fixtures))]))),
  pageOrigin: window.location.origin,
  probeNetworkFailure: createBrowserNetworkProbe(),
  history: createIndexedDbHistory(),
  runLinks: createIndexedDbHistory("links"),
  annotations: createTextAnnotationsStore(() => window.localStorage, () => new Date().toISOString()),
  loadMatrix: () => import("./embedded-matrix.ts").then((m) => m.embeddedMatrixInSlices(fixtures)),
  evaluateMatrix: evaluateMatrixInWorker,
  startImport,
  readLeaderboardRuns,
  openEventStream(url, on) {
    const source = new EventSource(url);
    source.onopen = () => on.open();
    source.onmessage = (e: MessageEvent<string>) => on.message(e.data, e.lastEventId);
    source.onerror = () => on.error(source.readyState === EventSource.CLOSED);
    return { close: () => source.close() };
  },
});

export function useStore<T>(selector: (s: Store) => T): T {
  return useZustandStore(appStore, selector);
}
