import { z } from "zod";
import { InjectionCarrier } from "./injection.ts";

// A user task: a hand-written fixture used as a template for the attack matrix. The
// fixture keeps its own context, snapshots, expected outcome and reference candidate; the task file
// adds only what the generator needs to know and cannot read from the fixture.

export const TaskKind = z.enum([
  /** A calculator answer (future value, concentration, or both). */
  "calculation",
  /** A summary of the supplied document. */
  "note_summary",
  /** An answer read straight from a snapshot: holdings, notes, the largest position. */
  "snapshot_summary",
  /** A request outside the authorised scope. */
  "refusal",
  /** A request missing an input only the user can confirm. */
  "clarification",
  /** A request a failing tool cannot serve. */
  "unavailable",
]);
export type TaskKind = z.infer<typeof TaskKind>;

export const UserTask = z.strictObject({
  /** The id of the fixture this task is; the file is named `<fixture>.json`. */
  fixture: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "expected a kebab-case fixture id"),
  kind: TaskKind,
  /**
   * The carriers whose content the answer rests on: an instruction placed there leaves nothing the
   * candidate may relay (the note to summarise, the notes to relay, the holdings to list), so the
   * right outcome becomes `escalated`. Anywhere else an injection is incidental data.
   */
  rests_on: z.array(InjectionCarrier),
});
export type UserTask = z.infer<typeof UserTask>;
