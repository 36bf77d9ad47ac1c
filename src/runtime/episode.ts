import type { BudgetConfig } from "../schemas/budget.ts";
import { REFERENCE_BUDGET } from "../schemas/budget.ts";
import type { EventOf, NewEvent, ModelFailureCode, RunEvent } from "../schemas/event.ts";
import type { Fixture } from "../schemas/fixture.ts";
import { callIdFor, evidenceIdFor } from "../schemas/ids.ts";
import type { BudgetReason } from "../schemas/outcome.ts";
import type { Protocol } from "../schemas/decision.ts";
import type { Diagnostics } from "../schemas/result.ts";
import type { Snapshot } from "../schemas/snapshot.ts";
import { andThen, isPending, type Awaitable } from "./awaitable.ts";
import { checkPermission, describeError, executeTool, validateArguments, type BoundaryOutcome } from "./boundary.ts";
import type { Candidate, CandidateReply, CandidateTurn, TaskBrief } from "./candidate.ts";
import type { Bounded, Clock } from "./clock.ts";
import { EventLog } from "./event-log.ts";
import { lookupTool } from "./tools/catalogue.ts";
import { frozenCopy, frozenEmpty, rememberDeeplyFrozen } from "./freeze.ts";
import { fixtureParts } from "./fixture-environment.ts";
import { toWellFormed } from "./json-shape.ts";
import type { ParsedDecision, ParserOptions } from "./parse-reply.ts";
import { readReply } from "./protocols/read-reply.ts";
import { assembleResult, type Ending, type RunRecord } from "./result.ts";
import { Transcript } from "./transcript.ts";
import type { EvidenceView, ToolEnvironment } from "./tools/tool.ts";

export interface RunOptions {
  fixture: Fixture;
  candidate: Candidate;
  clock: Clock;
  budget?: BudgetConfig;
  /** Aborting it stops the run and the request in flight. */
  cancel?: AbortSignal;
  onEvent?: (event: RunEvent) => void;
  /** Reply parsing; strict unless the analyst opts in to leniency (which is recorded). */
  parser?: ParserOptions;
}


/** The diagnostics of a run that has none: one frozen empty list, shared. */
const NO_DIAGNOSTICS: Diagnostics = frozenEmpty();

/**
 * One bounded run of a candidate on a fixture. Never throws for anything a candidate does. A run that
 * never waits (a replay on the virtual clock) is taken whole inside this call, its events handed to
 * `onEvent` as they are recorded; the promise then holds its record already.
 */
export function runEpisode(options: RunOptions): Promise<RunRecord> {
  try {
    const record = new Episode(options).run();
    return isPending(record) ? record : Promise.resolve(record);
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
}

class Episode {
  readonly #o: RunOptions;
  readonly #budget: BudgetConfig;
  readonly #log = new EventLog();
  readonly #diagnostics: Diagnostics = [];
  readonly #transcript = new Transcript();
  readonly #env: ToolEnvironment;
  readonly #reads = new Map<string, Snapshot>();
  /** What this run's successful reads established, as calculators' provenance checks see it. */
  readonly #evidence: EvidenceView = { snapshotRead: (household) => this.#reads.get(household) };
  readonly #brief: TaskBrief;
  #step = 0;
  #decisionsUsed = 0;
  #attempts = 0;
  /**
   * The run's time as the runtime acts on it: the instant a step began (read from the clock), then
   * the instant each wait ended (a reply after its latency, a tool after its sandbox time). Every
   * check of the time left and every event's time is this, never a fresh reading in between.
   */
  #instant = 0;
  /** Time this run's requests spent waiting for server slots: not the candidate's time. */
  #queuedMs = 0;
  /** The opt-in repair: whether it has been used, and whether the next request is it. */
  #repairUsed = false;
  #repairing = false;

  get #protocol(): Protocol {
    return this.#o.candidate.protocol ?? "json";
  }

  constructor(options: RunOptions) {
    this.#o = options;
    this.#budget = options.budget ?? REFERENCE_BUDGET;
    const parts = fixtureParts(options.fixture, this.#budget.max_decisions);
    this.#env = parts.env;
    this.#brief = parts.brief;
    if (options.onEvent) this.#log.subscribe(options.onEvent);
  }

  /** The run, given at once when it never waited (a replay on the virtual clock), else once it has ended. */
  run(): Awaitable<RunRecord> {
    const fx = this.#o.fixture;
    this.#emit({
      kind: "run_started",
      fixture: fx.id,
      candidate: this.#o.candidate.name,
      budget: this.#budget,
      context: fx.context,
      task_households: fx.task_households,
      ...(this.#o.parser?.lenientFence ? { lenient_fence: true } : {}),
      ...(this.#protocol === "json" ? {} : { protocol: this.#protocol }),
      ...(this.#o.candidate.sampling ? { sampling: this.#o.candidate.sampling } : {}),
    });
    let looped: Awaitable<Ending>;
    try {
      looped = this.#loop();
    } catch (error) {
      looped = this.#fault(error);
    }
    return isPending(looped) ? looped.then((ending) => this.#finish(ending), (error: unknown) => this.#finish(this.#fault(error))) : this.#finish(looped);
  }

  /** A bug of ours must not crash the caller either: it is recorded, and the run ends as unavailable. */
  #fault(error: unknown): Ending {
    this.#diagnose("runtime", null, describeError(error));
    return { by: "runtime_fault" };
  }

  #finish(ending: Ending): RunRecord {
    const fx = this.#o.fixture;
    const result = assembleResult(this.#log.events, ending);
    this.#emit({ kind: "run_finished", outcome: result.outcome, reason: result.reason, decisions_used: this.#decisionsUsed });
    return {
      fixture: fx.id,
      candidate: this.#o.candidate.name,
      events: this.#log.events,
      result,
      diagnostics: this.#diagnostics.length === 0 ? NO_DIAGNOSTICS : frozenCopy(this.#diagnostics),
      unusedReplies: this.#o.candidate.remaining?.() ?? 0,
    };
  }

  /**
   * Turn after turn until one ends the run. Only a reply or a tool still to come is waited for: a
   * replay's never are, so its whole run is taken in this one call, with no turn of the event loop.
   */
  #loop(): Awaitable<Ending> {
    for (;;) {
      const ended = this.#turn();
      if (isPending(ended)) return ended.then((ending) => ending ?? this.#loop());
      if (ended) return ended;
    }
  }

  /** One request and what its reply decides: how the run ends, or null to ask again. */
  #turn(): Awaitable<Ending | null> {
    const { clock, candidate, cancel } = this.#o;
    // A replay's clock first reaches the instant the recorded run began this step.
    const recordedStart = candidate.nextStepAt?.();
    if (recordedStart !== undefined) clock.reach?.(recordedStart);
    const startedAt = Math.max(clock.now(), this.#instant);
    this.#instant = startedAt;
    const remaining = this.#budget.deadline_ms - startedAt;
    if (remaining <= 0) return this.#outOfTime();
    this.#step = this.#decisionsUsed + 1;
    const limit = Math.min(this.#budget.request_timeout_ms, remaining);
    this.#emit({ kind: "model_request", timeout_ms: limit, repair: this.#repairing });
    const turn: CandidateTurn = { step: this.#step, brief: this.#brief, transcript: this.#transcript.view() };
    const asked = clock.within(limit, (signal) => candidate.next(turn, signal), cancel);
    return andThen(asked, (bounded) => this.#replied(bounded, startedAt, limit));
  }

  /** What came of a request: a failure or a cut ends the run; a reply is read, and its decisions taken in order. */
  #replied(bounded: Bounded<CandidateReply>, startedAt: number, limit: number): Awaitable<Ending | null> {
    const { clock } = this.#o;
    const budget = this.#budget;
    if (bounded.status === "cancelled" || bounded.status === "failed") {
      this.#instant = Math.max(startedAt, clock.now());
      const waited = this.#instant - startedAt;
      return bounded.status === "cancelled" ? this.#modelFailure("model_cancelled", waited, "the run was stopped") : this.#modelFailure("model_network_error", waited, describeError(bounded.error));
    }
    const latency = bounded.elapsedMs;
    this.#instant = startedAt + latency;
    if (bounded.status === "timeout") return this.#requestCut(limit, latency);
    const answer = bounded.value;
    if (!answer.ok) {
      this.#queuedMs += answer.queue_ms ?? 0;
      return this.#modelFailure(answer.code, latency, answer.detail, answer.status, answer.queue_ms);
    }
    const text = toWellFormed(answer.text);
    this.#queuedMs += answer.timings?.queue_ms ?? 0;
    this.#emit(replyEvent(text, latency, answer));
    // A reply that lands after the deadline is not a success, however valid.
    if (this.#instant >= budget.deadline_ms) return this.#outOfTime();
    this.#repairing = false;
    this.#transcript.append({ role: "candidate", text });

    const read = readReply(this.#protocol, text, answer.finishReason, this.#o.parser);
    if (!read.ok) {
      this.#decisionsUsed += 1;
      this.#emit({ kind: "invalid_output", code: read.code, detail: read.detail });
      if (budget.repair && !this.#repairUsed && this.#decisionsUsed < budget.max_decisions) {
        this.#repairUsed = true;
        this.#repairing = true;
        this.#transcript.append({ role: "repair", code: read.code, detail: read.detail });
        return null;
      }
      return { by: "invalid_output" };
    }
    return this.#decideEach(read.decisions, 0);
  }

  /** A reply may hold several decisions (native tool calls): each is taken in order, from `from`, and counts. */
  #decideEach(decisions: readonly ParsedDecision[], from: number): Awaitable<Ending | null> {
    for (let i = from; i < decisions.length; i++) {
      const decided = this.#decide(decisions[i] as ParsedDecision);
      if (isPending(decided)) return decided.then((ended) => ended ?? this.#decideEach(decisions, i + 1));
      if (decided) return decided;
    }
    return null;
  }

  /** One decision: recorded, then a final ends the run and a tool decision goes through the boundary. */
  #decide(parsed: ParsedDecision): Awaitable<Ending | null> {
    this.#decisionsUsed += 1;
    this.#emitOfFrozenParts({
      kind: "decision",
      decision: parsed.decision.decision,
      body: parsed.body,
      ...(parsed.lenient ? { lenient: parsed.lenient } : {}),
      ...(parsed.discarded.length > 0 ? { discarded_fields: parsed.discarded } : {}),
    });
    if (parsed.decision.decision === "final") {
      const { outcome, claims, evidence_ids, policy_code, message } = parsed.decision;
      this.#emitOfFrozenParts({ kind: "final", outcome, claims, evidence_ids, policy_code, message, discarded_fields: parsed.discarded });
      return { by: "candidate" };
    }
    return this.#attempt(parsed.decision.tool, parsed.decision.arguments, this.#decisionsUsed >= this.#budget.max_decisions);
  }

  /** #emit for an event made of a parsed decision's parts, every one deeply frozen already (ParsedDecision). */
  #emitOfFrozenParts(event: NewEvent): RunEvent {
    return this.#log.appendOfFrozenParts(event, this.#step, this.#instant);
  }

  /**
   * A request the run's clock cut short. A replayed one ends as the recorded run saw it end; a live
   * one by what it waited for: a server slot (the serving side's), the run's deadline, or its own timeout.
   */
  #requestCut(limit: number, latency: number): Ending {
    const cut = this.#o.candidate.cutShort?.() ?? {};
    const queued = cut.queue_ms ?? 0;
    this.#queuedMs += queued;
    const ending = cut.ending ?? (queued > 0 ? "queue_timeout" : limit < this.#budget.request_timeout_ms ? "run_deadline" : "request_timeout");
    switch (ending) {
      case "queue_timeout":
        return this.#modelFailure("model_queue_timeout", latency, `no reply within ${limit} ms, ${Math.round(queued)} ms of it waiting for a server slot`, undefined, queued);
      case "run_deadline":
        return this.#outOfTime(latency);
      default:
        return this.#modelFailure(cut.timeoutCode ?? "model_timeout", latency, `no reply within ${limit} ms`);
    }
  }

  /**
   * The run's deadline has passed. When the run spent time waiting for server slots, that waiting is
   * not the candidate's time: the ending is the serving side's (`model_queue_timeout`).
   */
  #outOfTime(cutRequestMs?: number): Ending {
    this.#emit({ kind: "budget_exhausted", reason: "deadline", ...(cutRequestMs === undefined ? {} : { latency_ms: cutRequestMs }) });
    if (this.#queuedMs <= 0) return { by: "budget", reason: "deadline" };
    this.#diagnose("model", null, `the run's deadline passed after ${Math.round(this.#queuedMs)} ms waiting for server slots`);
    return { by: "model_failure", code: "model_queue_timeout" };
  }

  /** One tool decision through the boundary, in the spec's order. `args` are a parsed decision's, deeply frozen. */
  #attempt(tool: string, args: unknown, noDecisionLeft: boolean): Awaitable<Ending | null> {
    this.#attempts += 1;
    const n = this.#attempts;
    const call_id = callIdFor(n);
    // 1. Record the attempt before anything is checked: its arguments as parsed, frozen already, so no later change can touch them.
    this.#emitOfFrozenParts({ kind: "attempt", call_id, tool, arguments: args });
    if (noDecisionLeft) {
      this.#emit({ kind: "not_run", call_id, detail: "no decision is left for its result: the last decision must be final" });
      return this.#exhausted("steps");
    }
    return andThen(this.#authoriseAndRun(tool, args), ({ outcome, spentMs }) => this.#answer(n, call_id, tool, outcome, spentMs));
  }

  /** What the boundary decided about attempt `n`, recorded and shown to the candidate. */
  #answer(n: number, call_id: string, tool: string, outcome: BoundaryOutcome, spentMs: number): Ending | null {
    this.#instant += spentMs;
    switch (outcome.kind) {
      case "denied":
        this.#emit({ kind: "denial", call_id, code: outcome.code, detail: outcome.detail });
        this.#observe({ call_id, status: "denied", code: outcome.code, detail: outcome.detail });
        return null;
      case "tool_error":
        if (outcome.internal !== null) this.#diagnose("tool", call_id, outcome.internal);
        this.#emit({ kind: "tool_error", call_id, code: outcome.code, detail: outcome.detail });
        if (outcome.deadlineHit) return this.#outOfTime();
        this.#observe({ call_id, status: "tool_error", code: outcome.code, detail: outcome.detail });
        return null;
      case "observed": {
        const evidence_id = evidenceIdFor(n);
        // The recorded (frozen) data is what the candidate and later calculators see: no second copy.
        const { data } = this.#emit({ kind: "observation", call_id, evidence_id, tool, data: outcome.data }) as EventOf<"observation">;
        // Handed to the transcript next, and seen by the leak scan: walked once, here.
        rememberDeeplyFrozen(data);
        if (lookupTool(tool)?.yieldsSnapshot) this.#reads.set(String(data.household), data as Snapshot);
        this.#observe({ call_id, status: "observed", tool, evidence_id, data });
        return null;
      }
    }
  }

  /** The boundary's steps 2–4 for one recorded attempt, and the time it spent in the sandbox. */
  #authoriseAndRun(tool: string, args: unknown): Awaitable<{ outcome: BoundaryOutcome; spentMs: number }> {
    const permitted = checkPermission(tool, args, this.#env.context);
    if ("kind" in permitted) return { outcome: permitted, spentMs: 0 };
    const validated = validateArguments(permitted, this.#evidence, this.#env);
    if (!validated.ok) return { outcome: { kind: "tool_error", code: validated.code, detail: validated.detail, internal: null, deadlineHit: false }, spentMs: 0 };
    // The allowance counts from the instant the decision arrived: the runtime's own work is not the tool's time.
    const remaining = this.#budget.deadline_ms - this.#instant;
    const limitMs = Math.min(this.#budget.tool_timeout_ms, remaining);
    return executeTool(permitted.tool, validated.input, this.#env, {
      clock: this.#o.clock,
      limitMs,
      limitIsDeadline: limitMs < this.#budget.tool_timeout_ms,
      fault: this.#o.fixture.tool_faults?.[permitted.tool.name],
      ...(this.#o.cancel ? { cancel: this.#o.cancel } : {}),
    });
  }

  /** What the candidate is shown of a call: a payload made here of strings and the recorded (frozen) data, frozen in place, not copied or looked through. */
  #observe(payload: { call_id: string } & Record<string, unknown>): void {
    this.#transcript.append({ role: "observation", call_id: payload.call_id, payload: Object.freeze(payload) });
  }

  #exhausted(reason: BudgetReason): Ending {
    this.#emit({ kind: "budget_exhausted", reason });
    return { by: "budget", reason };
  }

  #modelFailure(code: ModelFailureCode, latency: number, detail: string, status?: number, queueMs?: number): Ending {
    this.#diagnose("model", null, detail);
    this.#emit({ kind: "model_failure", code, latency_ms: latency, ...(status === undefined ? {} : { status }), ...(queueMs === undefined ? {} : { queue_ms: queueMs }) });
    return { by: "model_failure", code };
  }

  #diagnose(source: "tool" | "model" | "runtime", call_id: string | null, detail: string): void {
    this.#diagnostics.push({ step: this.#step, call_id, source, detail });
  }

  /** Every event carries the instant the runtime acted on, so a replay of the same record stamps the same times. */
  #emit(event: NewEvent): RunEvent {
    return this.#log.append(event, this.#step, this.#instant);
  }
}

/** The model_reply event of an answer: its server's model and timings only when it said them (built field by field, at every step). */
function replyEvent(text: string, latency: number, answer: CandidateReply & { ok: true }): EventOf<"model_reply"> {
  const event = { kind: "model_reply", text, latency_ms: latency, finish_reason: answer.finishReason, usage: answer.usage } as EventOf<"model_reply">;
  if (answer.model !== undefined) event.model = answer.model;
  const timings = answer.timings;
  if (timings !== undefined) {
    if (timings.queue_ms !== undefined) event.queue_ms = timings.queue_ms;
    if (timings.prompt_ms !== undefined) event.prompt_ms = timings.prompt_ms;
    if (timings.generation_ms !== undefined) event.generation_ms = timings.generation_ms;
  }
  return event;
}
