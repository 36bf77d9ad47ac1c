// The suite runs in a Web Worker: the same pure runtime and scorer as everywhere else, off the
// page's main thread, so the workbench stays responsive while dozens of runs are scored.
import "./zod-jitless.ts";
import type { Fixture } from "../schemas/fixture.ts";
import { evaluateSuite } from "../evaluation/suite.ts";

self.onmessage = async (event: MessageEvent<{ fixtures: Fixture[] }>) => {
  try {
    self.postMessage({ ok: true, runs: await evaluateSuite(event.data.fixtures) });
  } catch (error) {
    self.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) });
  }
};
