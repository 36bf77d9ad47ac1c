import type { Candidate, CandidateReply, CandidateTurn, RequestCut, TaskBrief, TranscriptEntry } from "../runtime/candidate.ts";
import type { Timed } from "../runtime/clock.ts";
import { FINAL_MCP_TOOL } from "../runtime/protocols/names.ts";
import type { RunRecord } from "../runtime/result.ts";
import type { EventOf } from "../schemas/event.ts";
import { callingInstructions, taskText } from "./http/conversation.ts";

// An agent built elsewhere, speaking MCP (contract §6a): each `tools/call` it sends is one reply of the run,
// handed to the runtime as it arrives, and answered with what the runtime recorded of it. The agent
// writes no evidence: its call is read by the `mcp` protocol like any reply, and the answer comes from
// the transcript and the run's record, never from anything the agent said.

/** One `tools/call` as the agent sent it. */
export interface AgentCall {
  readonly name: string;
  readonly arguments?: Record<string, unknown> | undefined;
}

/** What the agent gets back for one call: a tool result's text, and whether it is an error. */
export interface AgentAnswer {
  readonly text: string;
  readonly isError: boolean;
}

interface Pending {
  readonly call: AgentCall;
  readonly answer: (answer: AgentAnswer) => void;
}

/** What a step waits for ends in a call, or in the agent having left, or in the run's clock cutting it. */
type Arrival = Pending | "closed" | "cut";

/** The task an MCP agent is given, whole: how to act, the user's request with any document marked as data, and the rules. */
export function agentTaskText(brief: TaskBrief): string {
  return `${callingInstructions(brief, FINAL_MCP_TOOL, "tools")}\n\n${taskText(brief)}`;
}

/** How a run ended, as a call after it is told: `answered`, `budget_exhausted/steps`, `unavailable/agent_timeout`. */
export function endingName(record: Pick<RunRecord, "result" | "events">): string {
  const { result } = record;
  if (result.set_by === "candidate") return result.outcome;
  const invalid = record.events.findLast((e): e is EventOf<"invalid_output"> => e.kind === "invalid_output");
  const why = result.reason ?? result.policy_code ?? invalid?.code;
  return why ? `${result.outcome}/${why}` : result.outcome;
}

const answerOf = (body: Record<string, unknown>, isError: boolean): AgentAnswer => ({ text: JSON.stringify(body), isError });

/**
 * The candidate of one MCP session. `call` is where the transport hands each `tools/call`; the runtime
 * takes them in the order they came, one per step, through `next`. A call is answered when the
 * runtime has recorded what became of it: its observation (a denial or tool error as an error result,
 * with the public code and detail only), or, when it ended the run, the ending. Once the run has ended,
 * every call is answered with the ending and taken by nothing.
 */
export class McpAgentCandidate implements Candidate {
  readonly protocol = "mcp" as const;
  /** Calls that arrived and no step has taken yet, oldest first. */
  readonly #queue: Pending[] = [];
  /** The call the runtime took last, until what became of it is known. */
  #taken: Pending | null = null;
  /** Transcript entries already read for answers. */
  #read = 0;
  #waiting: ((arrival: Arrival) => void) | null = null;
  #closed = false;
  #ended: AgentAnswer | null = null;

  constructor(readonly name: string) {}

  /** A `tools/call` from the agent, answered once the runtime has recorded what became of it. */
  call(call: AgentCall): Promise<AgentAnswer> {
    if (this.#ended) return Promise.resolve(this.#ended);
    return new Promise((answer) => this.#arrive({ call, answer }));
  }

  /** The agent closed its session: a step waiting for its next call ends `agent_disconnected`. */
  close(): void {
    this.#closed = true;
    this.#arrive("closed");
  }

  async next(turn: CandidateTurn, signal: AbortSignal): Promise<Timed<CandidateReply>> {
    this.#answerFrom(turn.transcript);
    const arrival = this.#queue.shift() ?? (this.#closed ? "closed" : await this.#nextArrival(signal));
    // The detail shares no words with the result's message: the leak check would read that as diagnostics repeated.
    if (arrival === "closed") return { value: { ok: false, code: "agent_disconnected", detail: "the MCP client ended the session" } };
    // The run's clock has already ended this step; this value is never read.
    if (arrival === "cut") return { value: { ok: false, code: "agent_timeout", detail: "no call within the request timeout" } };
    this.#taken = arrival;
    const { name, arguments: args } = arrival.call;
    return { value: { ok: true, text: JSON.stringify({ name, arguments: args }), finishReason: null, usage: null } };
  }

  /** A step the run's clock cut short waited for the agent, whose own time it was. */
  cutShort(): RequestCut {
    return { timeoutCode: "agent_timeout" };
  }

  /**
   * The run has ended: the call that ended it is told how (a final decision is recorded; anything else
   * is the ending, as an error), and so is every call still queued or still to come.
   */
  finish(record: Pick<RunRecord, "result" | "events">): void {
    const ending = endingName(record);
    this.#ended = answerOf({ status: "ended", ending, detail: "the run has ended: no further call is taken" }, true);
    const final = record.events.findLast((e): e is EventOf<"final"> => e.kind === "final");
    if (this.#taken) {
      const last = record.result.set_by === "candidate" && final ? answerOf({ status: "recorded", outcome: final.outcome, discarded_fields: final.discarded_fields }, false) : this.#ended;
      this.#taken.answer(last);
      this.#taken = null;
    }
    for (const pending of this.#queue.splice(0)) pending.answer(this.#ended);
  }

  #arrive(arrival: Pending | "closed"): void {
    const waiting = this.#waiting;
    if (waiting) {
      this.#waiting = null;
      waiting(arrival);
    } else if (arrival !== "closed") {
      this.#queue.push(arrival);
    }
  }

  #nextArrival(signal: AbortSignal): Promise<Arrival> {
    return new Promise((resolve) => {
      if (signal.aborted) return resolve("cut");
      const onCut = (): void => {
        this.#waiting = null;
        resolve("cut");
      };
      signal.addEventListener("abort", onCut, { once: true });
      this.#waiting = (arrival) => {
        signal.removeEventListener("abort", onCut);
        resolve(arrival);
      };
    });
  }

  /** What the runtime recorded since the last step answers the call it took: an observation, or a repair turn after an invalid call. */
  #answerFrom(transcript: readonly TranscriptEntry[]): void {
    for (; this.#read < transcript.length; this.#read += 1) {
      const entry = transcript[this.#read];
      const taken = this.#taken;
      if (!entry || !taken || entry.role === "candidate") continue;
      this.#taken = null;
      if (entry.role === "observation") taken.answer(answerOf(entry.payload, entry.payload.status !== "observed"));
      else taken.answer(answerOf({ status: "invalid_output", code: entry.code, detail: entry.detail, repair: "one repair turn: call again (it counts against the budget)" }, true));
    }
  }
}
