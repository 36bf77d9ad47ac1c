// A scripted candidate over the attack matrix, in a Web Worker: the same runtime and scorer as
// everywhere else, off the page's main thread, reporting progress as it goes.
import "./zod-jitless.ts";
import type { Fixture } from "../schemas/fixture.ts";
import { evaluateScriptedMatrix } from "./matrix-scripted.ts";

self.onmessage = async (event: MessageEvent<{ fixtures: Fixture[]; candidate: string }>) => {
  try {
    const runs = await evaluateScriptedMatrix(event.data.fixtures, event.data.candidate, (done) => self.postMessage({ progress: done }));
    self.postMessage({ ok: true, runs });
  } catch (error) {
    self.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) });
  }
};
