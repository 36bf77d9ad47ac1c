import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { AgentSession } from "../evaluation/agent-session.ts";
import { JobQueue, type Job } from "../evaluation/plan.ts";
import { exportRun } from "../integrity/export.ts";
import type { Sha256Hex } from "../integrity/seal.ts";
import { createRealClock, type Clock } from "../runtime/clock.ts";
import type { ParserOptions } from "../runtime/parse-reply.ts";
import type { BudgetConfig } from "../schemas/budget.ts";
import type { ScoredRunExport } from "../schemas/export.ts";
import type { Fixture } from "../schemas/fixture.ts";
import type { LiveSessionRef } from "../schemas/live-session.ts";
import type { ScoredRun } from "../schemas/scored-run.ts";
import type { LiveEvents } from "./live-events.ts";
import { sessionServer } from "./session-server.ts";

export interface AgentServerOptions {
  /** The plan's jobs (of this shard), in plan order: session n takes job n. */
  jobs: readonly Job[];
  fixtures: ReadonlyMap<string, Fixture>;
  /** The candidate's name in every run (`mcp:<agent>`). */
  candidate: string;
  budget: BudgetConfig;
  parser?: ParserOptions;
  sha256: Sha256Hex;
  /** Each run's clock (default: the real one); tests give a virtual one. */
  clock?: () => Clock;
  live?: LiveEvents | null;
  /** Each run once it has ended: scored and sealed, for the caller to write. */
  onRun(run: ScoredRun, sealed: ScoredRunExport, fixture: Fixture): void;
  /** A line for the operator (stderr). */
  log?(line: string): void;
  /** Each `tools/call`'s time from its arrival to its answer, in milliseconds (the MCP bench's). */
  onCallAnswered?(ms: number): void;
}

interface OpenSession {
  readonly ref: LiveSessionRef;
  readonly job: Job;
  readonly session: AgentSession;
  readonly server: Server;
  announced: boolean;
}

/**
 * The sessions of one `npm run mcp`: each session that opens takes the plan's next job and gets its
 * own MCP server (`sessionServer`), to be connected to its transport (stdio, or one Streamable HTTP
 * session). A run that ends is scored, sealed and handed to `onRun`, and streamed to the live
 * watchers as it is recorded. A session that closes before any call gives its job back for the
 * next one. Stopping cancels the runs still in progress: they are not written, and with every job
 * never run they are what `stop` reports as not run.
 */
export class AgentServer {
  readonly #o: AgentServerOptions;
  readonly #jobs: JobQueue;
  readonly #open = new Set<OpenSession>();
  readonly #writing = new Set<Promise<void>>();
  readonly #stop = new AbortController();
  #sessions = 0;

  constructor(options: AgentServerOptions) {
    this.#o = options;
    this.#jobs = new JobQueue(options.jobs);
  }

  /** A new session takes the next job: its MCP server, to connect to the session's transport; null when every job is taken. */
  open(): Server | null {
    if (this.#stop.signal.aborted) return null;
    const job = this.#jobs.take();
    if (!job) return null;
    const fixture = this.#o.fixtures.get(job.fixture);
    if (!fixture) throw new Error(`no fixture ${job.fixture} for a job of the plan`);
    this.#sessions += 1;
    const ref: LiveSessionRef = { session: this.#sessions, fixture: job.fixture, trial: job.trial, candidate: this.#o.candidate };
    const { live } = this.#o;
    const session = new AgentSession({
      fixture,
      candidate: this.#o.candidate,
      trial: job.trial,
      budget: this.#o.budget,
      ...(this.#o.parser ? { parser: this.#o.parser } : {}),
      clock: this.#o.clock ?? createRealClock,
      // A signal of the session's own: each bounded wait of a run listens to it, and a signal that every
      // session shared would hold every session's listeners, which each new one is checked against.
      cancel: AbortSignal.any([this.#stop.signal]),
      ...(live ? { onEvent: (event) => live.publish({ type: "run_event", ...ref, event }) } : {}),
      // The ending call's answer is written in the promise reactions that follow; the scorer runs after them.
      beforeScoring: () => new Promise((resolve) => setImmediate(resolve)),
    });
    const entry: OpenSession = {
      ref,
      job,
      session,
      announced: false,
      server: sessionServer(session, {
        ...(this.#o.onCallAnswered ? { answered: this.#o.onCallAnswered } : {}),
        announce: (client) => {
          if (entry.announced) return;
          entry.announced = true;
          live?.publish({ type: "session_started", ...ref, client });
          this.#o.log?.(`session ${ref.session}: ${job.fixture} trial ${job.trial}${client ? ` (${client.name} ${client.version})` : ""}`);
        },
      }),
    };
    entry.server.onclose = () => this.#closed(entry);
    this.#open.add(entry);
    this.#track(session.finished.then((run) => this.#ended(entry, run)));
    return entry.server;
  }

  /** Whether every job of the plan has a written run. */
  get allRun(): boolean {
    return this.#jobs.allFinished;
  }

  /** Cancels the runs in progress, closes every session, waits for finished runs to be written: the jobs left without a run. */
  async stop(): Promise<Job[]> {
    this.#stop.abort();
    for (const entry of [...this.#open]) {
      await entry.server.close();
      // A server never connected has no transport to report its closing.
      this.#closed(entry);
    }
    await this.settled();
    return this.#jobs.unfinished();
  }

  /** When every session that has closed has its run ended and written (sessions still open are waited for too). */
  async settled(): Promise<void> {
    while (this.#writing.size > 0) await Promise.all(this.#writing);
  }

  #closed(entry: OpenSession): void {
    if (!this.#open.delete(entry)) return;
    entry.session.close();
    this.#o.live?.publish({ type: "session_closed", ...entry.ref, ran: entry.session.started });
  }

  async #ended(entry: OpenSession, run: ScoredRun | null): Promise<void> {
    const { job, ref } = entry;
    if (run === null) {
      this.#jobs.giveBack(job);
      this.#o.log?.(`session ${ref.session}: closed before any call; ${job.fixture} trial ${job.trial} goes to the next session`);
      return;
    }
    // A run the stop cut short is no verdict on the agent: it is left unrun, like a job never taken.
    if (this.#stop.signal.aborted && run.result.policy_code === "model_cancelled") return;
    const fixture = this.#o.fixtures.get(job.fixture) as Fixture;
    const sealed = await exportRun(run, fixture, "mcp", { includeDiagnostics: false, sha256: this.#o.sha256, nowIso: new Date().toISOString() });
    this.#o.live?.publish({ type: "run_scored", ...ref, run: sealed });
    this.#o.onRun(run, sealed, fixture);
    this.#jobs.finish(job);
    this.#o.log?.(`session ${ref.session}: ${job.fixture} trial ${job.trial} → ${run.outcome}${run.result.policy_code ? ` / ${run.result.policy_code}` : ""}, ${run.passed ? "passed" : "FAILED"}`);
    if (this.#jobs.allFinished) this.#o.log?.("every job of the plan has a run");
  }

  #track(work: Promise<void>): void {
    this.#writing.add(work);
    const done = (): void => void this.#writing.delete(work);
    work.then(done, done);
  }
}
