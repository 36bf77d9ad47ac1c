// The browser's store: embedded fixtures, WebCrypto for hashes, the paced clock for runs.
import { useStore as useZustandStore } from "zustand";
import { createPacedClock } from "../runtime/clock.ts";
import { embeddedFixtures } from "./embedded-fixtures.ts";
import { createStore, type Store } from "./store.ts";

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export const appStore = createStore({
  fixtures: embeddedFixtures.ok ? embeddedFixtures.fixtures : [],
  fixtureErrors: embeddedFixtures.ok ? [] : embeddedFixtures.errors.map((e) => e.message),
  clockFor: (pace) => createPacedClock(pace),
  sha256Hex,
  nowIso: () => new Date().toISOString(),
});

export function useStore<T>(selector: (s: Store) => T): T {
  return useZustandStore(appStore, selector);
}
