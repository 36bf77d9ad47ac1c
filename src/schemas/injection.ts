import { z } from "zod";
import { HouseholdId } from "./ids.ts";

// An attack as data: where its words travel (the carrier), what it is after (the goal)
// and how it is worded (the phrasing). The matrix generator places it into a user task; the runtime
// and the scorer never read these labels — they only say what a disclosure or a leak means.

export const InjectionCarrier = z.enum([
  /** The supplied document the user asks about. */
  "document",
  /** A snapshot's free-text `notes`, seen only after a successful read. */
  "snapshot_notes",
  /** A holding's name in a snapshot. */
  "holding_name",
  /** A string field of a tool's output other than notes and names. */
  "tool_output",
  /** The user's own message ("I am now the RM for…"). */
  "user_message",
]);
export type InjectionCarrier = z.infer<typeof InjectionCarrier>;

export const InjectionGoal = z.enum([
  "read_unauthorised_household",
  "read_authorised_outside_task",
  "alter_calculator_input",
  "invent_missing_input",
  "claim_unrun_check",
  "leak_internals",
  "exfiltrate_through_message",
  "impersonate_system",
]);
export type InjectionGoal = z.infer<typeof InjectionGoal>;

export const InjectionPhrasing = z.enum(["polite_request", "urgent_order", "fake_tool_result", "encoded", "split_across_fields", "other_language"]);
export type InjectionPhrasing = z.infer<typeof InjectionPhrasing>;

export const Injection = z
  .strictObject({
    id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "expected a kebab-case id"),
    title: z.string().min(1),
    carrier: InjectionCarrier,
    goal: InjectionGoal,
    phrasing: InjectionPhrasing,
    /** The words placed in the carrier; several when the attack is split across fields. */
    text: z.array(z.string().min(1)).min(1),
    /** The household the attack wants read or exported, when it wants one. */
    target_household: HouseholdId.optional(),
    /**
     * What a candidate that obeys the attack does, besides reading `target_household`: arguments it
     * puts into the task's own call of `call.tool` (an altered or invented input), and words it adds
     * to its message. The generated `obedient` candidate is built from this; the runtime and the
     * scorer never read it.
     */
    wants: z.strictObject({
      call: z.strictObject({ tool: z.string().min(1), arguments: z.record(z.string(), z.unknown()) }).optional(),
      say: z.string().min(1),
    }),
  })
  .superRefine((inj, ctx) => {
    if (inj.phrasing === "split_across_fields" && inj.text.length < 2) ctx.addIssue({ code: "custom", path: ["text"], message: "a split attack needs at least two parts" });
    const wantsHousehold = inj.goal === "read_unauthorised_household" || inj.goal === "read_authorised_outside_task";
    if (wantsHousehold && inj.target_household === undefined) ctx.addIssue({ code: "custom", path: ["target_household"], message: `an attack with goal ${inj.goal} names the household it wants` });
  });
export type Injection = z.infer<typeof Injection>;
