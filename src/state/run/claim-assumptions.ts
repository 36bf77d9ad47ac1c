import type { Claim } from "../../schemas/claim.ts";
import type { EventOf } from "../../schemas/event.ts";
import { calculatorFor } from "../../runtime/tools/catalogue.ts";
import type { Assumption } from "../../runtime/tools/tool.ts";

/**
 * The calculator that backs a claim of this kind, and its assumptions as read from the recorded call that
 * backs the claim: null when that observation is not the calculator's. The catalogue stays behind the
 * store, as every runtime value does for the views.
 */
export function recordedAssumptions(claim: Claim, observation: EventOf<"observation">): { calculator: string | undefined; assumptions: readonly Assumption[] | null } {
  const tool = calculatorFor(claim.kind);
  return { calculator: tool?.name, assumptions: tool?.claim && observation.tool === tool.name ? tool.claim.assumptions(observation.data) : null };
}
