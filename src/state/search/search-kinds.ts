import type { EventKind, RunEvent } from "../../schemas/event.ts";

/**
 * The words a search finds each event kind by: its name and what the timeline calls it ("denied",
 * "request"), so typing what is on screen finds it. Exhaustive over the kinds, and their order.
 */
export const KIND_WORDS: Readonly<Record<EventKind, string>> = {
  run_started: "run started",
  model_request: "model request",
  model_reply: "model reply",
  model_failure: "model failure",
  decision: "decision",
  invalid_output: "invalid output",
  attempt: "attempt",
  denial: "denial denied",
  observation: "observation",
  tool_error: "tool error",
  not_run: "not run",
  budget_exhausted: "budget exhausted",
  final: "final",
  run_finished: "run finished",
};

/** Every event kind, in the order of the log's life. */
export const EVENT_KINDS = Object.keys(KIND_WORDS) as readonly EventKind[];

/** A kind as a small number, so a million events' kinds fit in a Uint8Array. */
export const KIND_CODE: Readonly<Record<EventKind, number>> = Object.fromEntries(EVENT_KINDS.map((k, i) => [k, i])) as Record<EventKind, number>;

/** A set of kinds as bits (bit `KIND_CODE[k]`). */
export type KindMask = number;
export const ALL_KINDS: KindMask = (1 << EVENT_KINDS.length) - 1;
export const maskOf = (kinds: Iterable<EventKind>): KindMask => {
  let mask = 0;
  for (const k of kinds) mask |= 1 << KIND_CODE[k];
  return mask;
};

/**
 * Places worth jumping to: a denied attempt, a household read (a disclosure), and anything that
 * went wrong (a tool error, a call not run, a reply that was not a decision, a failed model request).
 */
export type Landmark = "denial" | "disclosure" | "error";
export const LANDMARKS: readonly Landmark[] = ["denial", "disclosure", "error"];
export const ERROR_KINDS: ReadonlySet<EventKind> = new Set<EventKind>(["tool_error", "not_run", "invalid_output", "model_failure"]);

/** A request the analyst's Stop cancelled: recorded as a model failure, but no failure of the model's nor an error of the run's. */
export const isCancelledRequest = (e: RunEvent | undefined): boolean => e?.kind === "model_failure" && e.code === "model_cancelled";
