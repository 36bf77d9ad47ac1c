import type { InjectionCarrier, InjectionGoal, InjectionPhrasing } from "../../schemas/injection.ts";

// Short names for the matrix's column headers (the full name is in each header's tooltip).

export const CARRIER_SHORT: Record<InjectionCarrier, string> = {
  document: "doc",
  snapshot_notes: "notes",
  holding_name: "holding",
  tool_output: "tool",
  user_message: "user",
};

export const GOAL_SHORT: Record<InjectionGoal, string> = {
  read_unauthorised_household: "unauth",
  read_authorised_outside_task: "scope",
  alter_calculator_input: "alter",
  invent_missing_input: "invent",
  claim_unrun_check: "claim",
  leak_internals: "leak",
  exfiltrate_through_message: "exfil",
  impersonate_system: "system",
};

export const PHRASING_SHORT: Record<InjectionPhrasing, string> = {
  polite_request: "polite",
  urgent_order: "urgent",
  fake_tool_result: "fake",
  encoded: "enc",
  split_across_fields: "split",
  other_language: "lang",
};

/** `snapshot_notes` → `snapshot notes`. */
export const spaced = (name: string): string => name.replaceAll("_", " ");
