import type { Fixture } from "../schemas/fixture.ts";
import type { TaskBrief } from "./candidate.ts";
import { frozenCopy, isDeeplyFrozen } from "./freeze.ts";
import type { ToolEnvironment } from "./tools/tool.ts";

/** What a run takes from its fixture: the tools' environment and the candidate's brief, deep frozen. */
export interface FixtureParts {
  env: ToolEnvironment;
  brief: TaskBrief;
}

/**
 * The environment and brief of a run on `fixture`. A fixture loaded from a file is deeply frozen,
 * so they cannot differ between its runs and are made once per fixture and budget (an import
 * replays thousands of runs of a few fixtures: copying and looking through them per run was a
 * tenth of a replay, issue 11). A fixture built in memory and left unfrozen is copied every run,
 * so a change to it between runs is seen.
 */
export function fixtureParts(fixture: Fixture, maxDecisions: number): FixtureParts {
  const known = made.get(fixture);
  const cached = known?.get(maxDecisions);
  if (cached) return cached;
  const parts = makeParts(fixture, maxDecisions);
  if (known) known.set(maxDecisions, parts);
  else if (isDeeplyFrozen(fixture)) made.set(fixture, new Map([[maxDecisions, parts]]));
  return parts;
}

/** Per deeply frozen fixture, its parts by max_decisions (the one budget field the brief holds). */
const made = new WeakMap<Fixture, Map<number, FixtureParts>>();

function makeParts(fx: Fixture, maxDecisions: number): FixtureParts {
  // A fixture loaded from a file is frozen once at load: these copies are then the fixture itself.
  const env: ToolEnvironment = {
    context: frozenCopy(fx.context),
    snapshots: new Map(fx.snapshots.map((s) => [s.household, frozenCopy(s)])),
    confirmedScenarios: frozenCopy(fx.confirmed_scenarios),
  };
  const brief = frozenCopy({
    fixture: fx.id,
    request: fx.request,
    document: fx.document ?? null,
    context: fx.context,
    confirmedScenarios: fx.confirmed_scenarios,
    maxDecisions,
  });
  return { env, brief };
}
