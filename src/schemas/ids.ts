import { z } from "zod";

// Branded so that a household id, a call id and an evidence id can never be swapped by accident.
export const HouseholdId = z.string().brand<"HouseholdId">();
export type HouseholdId = z.infer<typeof HouseholdId>;

export const CallId = z.string().regex(/^call-[1-9][0-9]*$/).brand<"CallId">();
export type CallId = z.infer<typeof CallId>;

export const EvidenceId = z.string().regex(/^ev-[1-9][0-9]*$/).brand<"EvidenceId">();
export type EvidenceId = z.infer<typeof EvidenceId>;

/** The n-th attempt of a run (from 1, denied ones included) is `call-n`; its evidence is `ev-n`. */
export const callIdFor = (n: number): CallId => `call-${n}` as CallId;
export const evidenceIdFor = (n: number): EvidenceId => `ev-${n}` as EvidenceId;

// Written with [0-9], not \d: the same pattern goes into the model's response schema, and llama.cpp's
// schema-to-grammar conversion does not support escapes (LOCAL-MODELS.md).
export const ISO_DATE = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;
export const IsoDate = z.string().regex(ISO_DATE, "expected a date as YYYY-MM-DD");
export type IsoDate = z.infer<typeof IsoDate>;
