import { z } from "zod";
import { HouseholdId, IsoDate } from "./ids.ts";

/** Who is asking and what they may see. Injected by the application; nothing a user writes widens it. */
export const AuthContext = z.strictObject({
  principal: z.string().min(1),
  authorised_households: z.array(HouseholdId),
  as_of: IsoDate,
});
export type AuthContext = z.infer<typeof AuthContext>;
