// The suite runs in a Web Worker: the same pure runtime and scorer as everywhere else, off the
// page's main thread, so the workbench stays responsive while dozens of runs are scored.
import "../zod-jitless.ts";
import type { Fixture } from "../../schemas/fixture.ts";
import { evaluateSuite } from "../../evaluation/suite.ts";
import { serve } from "./protocol.ts";

serve((request: { fixtures: Fixture[] }) => evaluateSuite(request.fixtures));
