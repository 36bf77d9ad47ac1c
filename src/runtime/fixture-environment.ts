import type { Fixture } from "../schemas/fixture.ts";
import type { Snapshot } from "../schemas/snapshot.ts";
import type { TaskBrief } from "./candidate.ts";
import { frozenCopy, isDeeplyFrozen } from "./freeze.ts";
import type { ToolEnvironment } from "./tools/tool.ts";

/** What a run takes from its fixture: the tools' environment (a new one each run) and the candidate's brief, deep frozen. */
export interface FixtureParts {
  env: ToolEnvironment;
  brief: TaskBrief;
}

/** The frozen parts kept per fixture; each run gets its own environment (and snapshot Map) built from them. */
interface Kept {
  context: ToolEnvironment["context"];
  snapshots: readonly (readonly [string, Snapshot])[];
  confirmedScenarios: ToolEnvironment["confirmedScenarios"];
  brief: TaskBrief;
}

/**
 * The environment and brief of a run on `fixture`. A fixture loaded from a file is deeply frozen,
 * so they cannot differ between its runs and are made once per fixture and budget (an import
 * replays thousands of runs of a few fixtures: copying and looking through them per run was a
 * tenth of a replay). A fixture built in memory and left unfrozen is copied every run,
 * so a change to it between runs is seen.
 */
export function fixtureParts(fixture: Fixture, maxDecisions: number): FixtureParts {
  const known = made.get(fixture);
  let kept = known?.get(maxDecisions);
  if (!kept) {
    kept = keep(fixture, maxDecisions);
    if (known) known.set(maxDecisions, kept);
    else if (isDeeplyFrozen(fixture)) made.set(fixture, new Map([[maxDecisions, kept]]));
  }
  // A Map can be written whatever its type says: each run has its own, so no run can change another's.
  return { env: { context: kept.context, snapshots: new Map(kept.snapshots), confirmedScenarios: kept.confirmedScenarios }, brief: kept.brief };
}

/** Per deeply frozen fixture, its parts by max_decisions (the one budget field the brief holds). */
const made = new WeakMap<Fixture, Map<number, Kept>>();

function keep(fx: Fixture, maxDecisions: number): Kept {
  // A fixture loaded from a file is frozen once at load: these copies are then the fixture itself.
  return {
    context: frozenCopy(fx.context),
    snapshots: fx.snapshots.map((s) => [s.household, frozenCopy(s)] as const),
    confirmedScenarios: frozenCopy(fx.confirmed_scenarios),
    brief: frozenCopy({
      fixture: fx.id,
      request: fx.request,
      document: fx.document ?? null,
      context: fx.context,
      confirmedScenarios: fx.confirmed_scenarios,
      maxDecisions,
    }),
  };
}
