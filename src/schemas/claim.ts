import { z } from "zod";
import { IsoDate } from "./ids.ts";

export const ClaimKind = z.enum(["future_value", "concentration"]);
export type ClaimKind = z.infer<typeof ClaimKind>;

/** A typed claim as a candidate states it. `evidence_id` is a plain string here: the scorer decides whether it was issued. */
export const Claim = z.strictObject({
  kind: ClaimKind,
  value: z.number().finite(),
  unit: z.enum(["INR", "ratio"]),
  scenario: z.string().nullable(),
  as_of: IsoDate,
  calculator: z.string(),
  evidence_id: z.string(),
});
export type Claim = z.infer<typeof Claim>;

/** What a fixture expects a correct answer to claim; evidence is resolved at scoring time. */
export const ExpectedClaim = Claim.omit({ evidence_id: true });
export type ExpectedClaim = z.infer<typeof ExpectedClaim>;
