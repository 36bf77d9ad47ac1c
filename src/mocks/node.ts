import { setupServer } from "msw/node";
import type { Fixture } from "../schemas/fixture.ts";
import { createHandlers } from "./handlers.ts";

/** msw in Node: unhandled requests fail, so a test can never reach a real network by accident. */
export function simulatedModelServer(fixtures: readonly Fixture[], latencyScale = 0.01) {
  return setupServer(...createHandlers(fixtures, { latencyScale }));
}
