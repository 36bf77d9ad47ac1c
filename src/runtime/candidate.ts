import type { AuthContext } from "../schemas/context.ts";
import type { ConfirmedScenario } from "../schemas/fixture.ts";
import type { RequestEnding } from "../schemas/collected-trace.ts";
import type { Protocol } from "../schemas/decision.ts";
import type { ModelFailureCode, RequestTimings, Sampling, TokenUsage } from "../schemas/event.ts";
import type { Awaitable } from "./awaitable.ts";
import type { Timed } from "./clock.ts";

/** What the candidate is told about its task. The document, when present, is data. */
export interface TaskBrief {
  readonly fixture: string;
  readonly request: string;
  readonly document: { readonly title: string; readonly text: string } | null;
  readonly context: AuthContext;
  /** What the user confirmed for each scenario; a missing `years` was never confirmed. */
  readonly confirmedScenarios: readonly ConfirmedScenario[];
  readonly maxDecisions: number;
}

/** The conversation so far, as the runtime recorded it. */
export type TranscriptEntry =
  | { readonly role: "candidate"; readonly text: string }
  | { readonly role: "observation"; readonly call_id: string; readonly payload: Record<string, unknown> }
  | { readonly role: "repair"; readonly code: string; readonly detail: string };

export interface CandidateTurn {
  readonly step: number;
  readonly brief: TaskBrief;
  readonly transcript: readonly TranscriptEntry[];
}

export type CandidateReply =
  | { ok: true; text: string; finishReason: string | null; usage: TokenUsage | null; /** The model the server said answered. */ model?: string; timings?: RequestTimings }
  /** `detail` is restricted: it goes to the diagnostics only. */
  | { ok: false; code: ModelFailureCode; detail: string; /** The HTTP status of a failed request, when there was one. */ status?: number; queue_ms?: number };

/** What a candidate knows of a request the run's clock cut short. */
export interface RequestCut {
  /** How long it waited for a server slot. */
  queue_ms?: number;
  /** A replayed request: how the recorded run saw it end. */
  ending?: RequestEnding;
  /**
   * What a request cut by its own timeout is recorded as (default `model_timeout`, the serving side's):
   * an MCP agent's time between its calls is its own (`agent_timeout`), and a replay says what was recorded.
   */
  timeoutCode?: ModelFailureCode;
}

/** Where decisions come from: a script, a collected trace, or a model over HTTP. */
export interface Candidate {
  readonly name: string;
  /** How it speaks (default `json`): the runtime reads its replies so, and records it. */
  readonly protocol?: Protocol;
  /** How a sampling model was asked to sample, recorded in `run_started`. */
  readonly sampling?: Sampling;
  /** A reply at once (a replay's) or a promise of one (a model's, an agent's). */
  next(turn: CandidateTurn, signal: AbortSignal): Awaitable<Timed<CandidateReply>>;
  /** Replies a finite candidate still holds when the run ends (collected traces report them as unused). */
  remaining?(): number;
  /** A replayed candidate: when the recorded run began its next step, for the run's clock to reach first. */
  nextStepAt?(): number | undefined;
  /** The request in flight was just cut short by the run's clock: what the candidate knows of it. */
  cutShort?(): RequestCut;
}
