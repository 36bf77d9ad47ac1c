import { setupWorker } from "msw/browser";
import type { Fixture } from "../schemas/fixture.ts";
import { createHandlers } from "./handlers.ts";

export const SIMULATOR_PATH = "/sim";

/**
 * The simulated model in the browser: a service worker answers `/sim/v1/...` like a real
 * OpenAI-compatible server, so the demo drives the real HTTP adapter. Anything else passes through.
 */
export async function startBrowserSimulator(fixtures: readonly Fixture[]): Promise<void> {
  const worker = setupWorker(...createHandlers(fixtures, { latencyScale: 0.25 }, SIMULATOR_PATH));
  await worker.start({ onUnhandledRequest: "bypass", quiet: true, serviceWorker: { url: "/mockServiceWorker.js" } });
}
