import { McpAgentCandidate, type AgentAnswer, type AgentCall } from "../candidates/mcp-agent.ts";
import type { TaskBrief } from "../runtime/candidate.ts";
import type { Clock } from "../runtime/clock.ts";
import { runEpisode } from "../runtime/episode.ts";
import { fixtureParts } from "../runtime/fixture-environment.ts";
import type { ParserOptions } from "../runtime/parse-reply.ts";
import { toScoredRun } from "../scoring/score.ts";
import type { BudgetConfig } from "../schemas/budget.ts";
import type { RunEvent } from "../schemas/event.ts";
import type { Fixture } from "../schemas/fixture.ts";
import type { ScoredRun } from "../schemas/scored-run.ts";

export interface AgentSessionOptions {
  fixture: Fixture;
  /** The candidate's name in the record (`mcp:<agent>`). */
  candidate: string;
  trial: number;
  budget: BudgetConfig;
  parser?: ParserOptions;
  /** The run's clock, made at the session's first call: the run's time starts then, not at connection. */
  clock: () => Clock;
  /** Stops the run in progress (the server is stopping). */
  cancel?: AbortSignal;
  /** Each event as the run records it. */
  onEvent?: (event: RunEvent) => void;
  /**
   * Awaited once the call that ended the run has its answer and before the run is scored: a server
   * lets the answer leave first, so the agent never waits for the scorer.
   */
  beforeScoring?: () => Promise<void>;
}

/**
 * One MCP session, one run of one fixture (contract §6a). The agent may read its task for as long as it
 * likes; its first `tools/call` starts the run, which is an ordinary episode of an MCP candidate under
 * the session's budget, and every call passes the same boundary. The run is scored when it ends.
 */
export class AgentSession {
  readonly brief: TaskBrief;
  readonly #o: AgentSessionOptions;
  readonly #candidate: McpAgentCandidate;
  #started = false;
  #closed = false;
  #settle!: (run: ScoredRun | null) => void;
  /** The scored run once it has ended, or null when the session closed before any call started one. */
  readonly finished: Promise<ScoredRun | null> = new Promise((settle) => (this.#settle = settle));

  constructor(options: AgentSessionOptions) {
    this.#o = options;
    this.brief = fixtureParts(options.fixture, options.budget.max_decisions).brief;
    this.#candidate = new McpAgentCandidate(options.candidate);
  }

  /** Whether a call has started the run. */
  get started(): boolean {
    return this.#started;
  }

  /** A `tools/call`: the first one starts the run. Answered with what the runtime recorded of it. */
  call(call: AgentCall): Promise<AgentAnswer> {
    const answer = this.#candidate.call(call);
    if (!this.#started && !this.#closed) {
      this.#started = true;
      void this.#run().then(this.#settle);
    }
    return answer;
  }

  /** The agent left. A run in progress waiting for its next call ends `unavailable` / `agent_disconnected`. */
  close(): void {
    this.#closed = true;
    this.#candidate.close();
    if (!this.#started) this.#settle(null);
  }

  async #run(): Promise<ScoredRun> {
    const { fixture, budget, parser, clock, cancel, onEvent, trial, beforeScoring } = this.#o;
    const record = await runEpisode({ fixture, candidate: this.#candidate, clock: clock(), budget, ...(parser ? { parser } : {}), ...(cancel ? { cancel } : {}), ...(onEvent ? { onEvent } : {}) });
    this.#candidate.finish(record);
    await beforeScoring?.();
    return { ...toScoredRun(record, fixture, { includeDiagnostics: true }), trial };
  }
}
