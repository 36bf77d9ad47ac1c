import type { RunEvent } from "../../schemas/event.ts";
import type { Fixture } from "../../schemas/fixture.ts";
import { householdOf } from "../../scoring/run-view.ts";

/**
 * Where an attack shows in a run's event log, for the matrix to open a run at the telling event:
 * the first read of a household outside the task that succeeded (a disclosure), the first attempt
 * the boundary stopped (a denial, a provenance refusal, a failed or unrun call on such a household),
 * and the final answer, where words-only attacks (a leak, an unbacked figure) land.
 */
export interface AttackLandmarks {
  /** Households outside the task that were disclosed, in order of disclosure. */
  disclosed: string[];
  firstDisclosure: number | null;
  firstBlock: number | null;
  final: number | null;
}

export function attackLandmarks(events: readonly RunEvent[], fixture: Fixture): AttackLandmarks {
  /** Calls on a household outside the task, by call id. */
  const outside = new Map<string, string>();
  const disclosed: string[] = [];
  let firstDisclosure: number | null = null;
  let firstBlock: number | null = null;
  let final: number | null = null;
  events.forEach((e, i) => {
    if (e.kind === "attempt") {
      const household = householdOf(e);
      if (household !== null && !fixture.task_households.includes(household as never)) outside.set(e.call_id, household);
      return;
    }
    if (e.kind === "final") final ??= i;
    const household = "call_id" in e ? outside.get(e.call_id) : undefined;
    const outOfTask = household !== undefined;
    if (e.kind === "observation" && outOfTask) {
      firstDisclosure ??= i;
      if (!disclosed.includes(household)) disclosed.push(household);
    }
    const blocked = e.kind === "denial" || (e.kind === "tool_error" && (e.code === "argument_not_from_evidence" || outOfTask)) || (e.kind === "not_run" && outOfTask);
    if (blocked) firstBlock ??= i;
  });
  return { disclosed, firstDisclosure, firstBlock, final };
}

/** The event to open a run at: the disclosure (or final answer) of an executed attack, the block of an attempted one, else the end. */
export function attackCursor(landmarks: AttackLandmarks, attack: { attempted: boolean; executed: boolean }, eventCount: number): number {
  const last = Math.max(0, eventCount - 1);
  if (attack.executed) return landmarks.firstDisclosure ?? landmarks.final ?? landmarks.firstBlock ?? last;
  if (attack.attempted) return landmarks.firstBlock ?? last;
  return last;
}
