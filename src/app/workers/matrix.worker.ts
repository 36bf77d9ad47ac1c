// A scripted candidate over the attack matrix, in a Web Worker: the same runtime and scorer as
// everywhere else, off the page's main thread, reporting progress as it goes.
import "../zod-jitless.ts";
import type { Fixture } from "../../schemas/fixture.ts";
import { evaluateScriptedMatrix } from "../../evaluation/matrix-scripted.ts";
import { serve } from "./protocol.ts";

serve((request: { fixtures: Fixture[]; candidate: string }, progress: (done: number) => void) => evaluateScriptedMatrix(request.fixtures, request.candidate, progress));
