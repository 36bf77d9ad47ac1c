import type { RunEvent } from "../../schemas/event.ts";
import type { ScoredRun } from "../../schemas/scored-run.ts";
import type { ToolCallRecord } from "../../schemas/tool-call.ts";
import { StringPool } from "./string-pool.ts";

// A long run crosses from the import worker to the page in parts. The page receives a message in one
// task, and structured clone is linear in what the message holds: a 1,000,003-event run sent whole
// kept the main thread busy for seconds. In parts of PART_SIZE items each receipt is a short task.

/** Events or tool calls per message: small enough that receiving and indexing one part stays a short task. */
export const PART_SIZE = 2048;

/** One message's worth of a long run, in the order `runParts` yields them. */
export type RunPart =
  | { part: "head"; run: ScoredRun }
  | { part: "events"; events: RunEvent[] }
  | { part: "calls"; calls: ToolCallRecord[] }
  | { part: "end" };

/** Whether a run is long enough to be sent in parts rather than in a batch with others. */
export const isLong = (run: ScoredRun, size = PART_SIZE): boolean => run.events.length + run.result.tool_calls.length > size;

/** The run as parts: its head without events and tool calls, then those in slices, then the end. */
export function* runParts(run: ScoredRun, size = PART_SIZE): Generator<RunPart> {
  yield { part: "head", run: { ...run, events: [], result: { ...run.result, tool_calls: [] } } };
  for (let at = 0; at < run.events.length; at += size) yield { part: "events", events: run.events.slice(at, at + size) };
  for (let at = 0; at < run.result.tool_calls.length; at += size) yield { part: "calls", calls: run.result.tool_calls.slice(at, at + size) };
  yield { part: "end" };
}

/** Puts a run sent by `runParts` back together; `add` returns the run when its end arrives. */
export class RunAssembler {
  #head: ScoredRun | null = null;
  #events: RunEvent[] = [];
  #calls: ToolCallRecord[] = [];
  /** Repeated strings, one copy each (string-pool.ts): the import's, shared with the runs it receives in batches. */
  readonly #strings: StringPool;

  constructor(strings = new StringPool()) {
    this.#strings = strings;
  }

  /** The events of the run being put together, so far: the array the run will hold, appended to. */
  get events(): readonly RunEvent[] {
    return this.#events;
  }

  add(part: RunPart): ScoredRun | null {
    if (part.part === "head") {
      this.#head = part.run;
      this.#events = [];
      this.#calls = [];
      return null;
    }
    // push per item, not push(...part): a spread of thousands of arguments can overflow the stack.
    if (part.part === "events") for (const e of part.events) this.#events.push(this.#strings.share(e));
    else if (part.part === "calls") for (const c of part.calls) this.#calls.push(this.#strings.share(c));
    else {
      const head = this.#head;
      if (!head) throw new Error("a run's parts ended before its head arrived");
      this.#head = null;
      return { ...head, events: this.#events, result: { ...head.result, tool_calls: this.#calls } };
    }
    return null;
  }
}
