import type { InjectionCarrier, InjectionGoal } from "../../schemas/injection.ts";

// Its own small module: the store needs the empty filter at start-up, and importing it from
// matrix-grid.ts would pull the matrix's composition into the first-load bundle.

/** Which injections the attack matrix shows and counts: none selected means all. */
export interface MatrixFilter {
  carriers: readonly InjectionCarrier[];
  goals: readonly InjectionGoal[];
}

export const NO_FILTER: MatrixFilter = { carriers: [], goals: [] };
