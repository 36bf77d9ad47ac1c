import { z } from "zod";
import { HouseholdId, IsoDate } from "./ids.ts";

export const Holding = z.strictObject({
  name: z.string(),
  asset_class: z.string(),
  value_inr: z.number().finite().nonnegative(),
});
export type Holding = z.infer<typeof Holding>;

/** A household's portfolio as of a date. `notes` is free text: data, never instructions. */
export const Snapshot = z.strictObject({
  household: HouseholdId,
  as_of: IsoDate,
  equity_inr: z.number().finite().nonnegative(),
  eligible_inr: z.number().finite().positive(),
  holdings: z.array(Holding),
  notes: z.string().optional(),
});
export type Snapshot = z.infer<typeof Snapshot>;
