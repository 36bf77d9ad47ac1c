import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { HttpSettings } from "../../src/candidates/http/settings.ts";
import type { QueueTicket, ServerQueue } from "../../src/candidates/http/server-queue.ts";
import type { FetchLike } from "../../src/candidates/http/wire.ts";
import { parseCollectedTraceFile } from "../../src/candidates/collected-trace.ts";
import { replyText } from "../../src/candidates/scripted.ts";
import { scoreCollectedTrace } from "../../src/evaluation/evaluate.ts";
import { collectedTraceOf, runHttpTrial, type HttpTrial } from "../../src/evaluation/http-trial.ts";
import { mulberry32 } from "../../src/runtime/prng.ts";
import { asToolCalls, messageDeltas, textMessage } from "../../src/mocks/sim-tool-calls.ts";
import type { Clock } from "../../src/runtime/clock.ts";
import { REFERENCE_BUDGET, type BudgetConfig } from "../../src/schemas/budget.ts";
import type { Fixture } from "../../src/schemas/fixture.ts";
import type { ScoredRun } from "../../src/schemas/scored-run.ts";
import { loadFixtures } from "../support.ts";

// A live run against a model server, on a clock that behaves as the real one does, then `score` of
// the trace it collected: the verdicts must be the same, byte for byte, whatever the server did.
// The clock is virtual (time in tests is), but it has what the real clock has and a replay has not:
// the runtime's own processing time between any two readings, timers that fire late, and a latency
// measured after a reply has settled, so an answer that came just inside its limit reads as at or
// past it.

const fixtures = loadFixtures();
const fixtureOf = (s: { fixture: string }): Fixture => fixtures.find((f) => f.id === s.fixture) as Fixture;

/** What the server does with one request. */
interface Serve {
  kind: "reply" | "drop" | "http_500" | "stream_cut" | "empty" | "length";
  /** Which scripted behaviour of the fixture replies (its reply at this turn). */
  behaviour: number;
  /**
   * Where its latency falls: near the request's own timeout, near the run's deadline, where the reply
   * leaves a tool exactly its own timeout before the deadline, or anywhere.
   */
  near: "request_timeout" | "deadline" | "tool_allowance" | "anywhere";
  offsetMs: number;
  /** How long it waited for a server slot, as finbound would have counted it (mostly none). */
  queueMs: number;
  /** A reply of its own instead of the behaviour's. */
  text?: string;
}

interface Schedule {
  fixture: string;
  budget: BudgetConfig;
  stream: boolean;
  /** One JSON decision per reply, or native tool calls (each reply's decision as the call a model makes). */
  protocol: "json" | "tools";
  serves: Serve[];
  seed: number;
}

/** The real clock's behaviour on virtual time. The fake server declares each request's latency through `serving`. */
function liveClock(random: () => number, serving: { latency: number | null }): Clock & { t: number } {
  const state = { t: 0 };
  const processing = (): number => (random() < 0.3 ? 0 : random() * 20);
  return Object.assign(state, {
    now: () => (state.t += processing()),
    async within<T>(limitMs: number, op: (signal: AbortSignal) => Promise<{ value: T; durationMs?: number }>) {
      const start = state.t;
      let timed;
      try {
        timed = await op(new AbortController().signal);
      } catch (error) {
        return { status: "failed" as const, error };
      }
      const took = timed.durationMs ?? serving.latency ?? 0;
      serving.latency = null;
      if (took >= limitMs) {
        state.t = start + limitMs + random() * 4;
        return { status: "timeout" as const, elapsedMs: state.t - start };
      }
      state.t = start + took + random() * 3;
      return { status: "done" as const, value: timed.value, elapsedMs: state.t - start };
    },
  });
}

/** The fake server: it reads the fixture and turn from the request, as the simulated model does. */
function liveServer(schedule: Schedule, clock: { t: number }, serving: { latency: number | null }): { fetch: FetchLike; queue: ServerQueue } {
  let n = 0;
  const fetch: FetchLike = async (_url, init) => {
    const body = JSON.parse(init.body ?? "{}") as { messages: { role: string }[] };
    const turn = body.messages.filter((m) => m.role === "assistant").length;
    const serve = schedule.serves[n % schedule.serves.length] as Serve;
    n += 1;
    const { budget } = schedule;
    const left = budget.deadline_ms - clock.t;
    const limit = Math.min(budget.request_timeout_ms, left);
    const around = { request_timeout: budget.request_timeout_ms, deadline: limit, tool_allowance: left - budget.tool_timeout_ms, anywhere: 0 }[serve.near];
    serving.latency = Math.max(0, around + serve.offsetMs);
    const names = Object.keys(fixtureOf(schedule).candidates);
    const script = fixtureOf(schedule).candidates[names[serve.behaviour % names.length] as string];
    const reply = script?.replies[turn];
    const text = serve.text ?? (reply ? replyText(reply) : "I have nothing more to say.");
    const message = schedule.protocol === "tools" ? asToolCalls(text, turn) : textMessage(text);
    const content = message.content ?? "";
    const usage = { prompt_tokens: 2400 + turn, completion_tokens: content.length, total_tokens: 2400 + turn + content.length };
    const timings = { prompt_ms: 900.5, predicted_ms: 310.25 };
    switch (serve.kind) {
      case "drop":
        throw new TypeError("fetch failed", { cause: Object.assign(new Error("socket hang up"), { code: "ECONNRESET" }) });
      case "http_500":
        return new Response('{"error":{"message":"Context size has been exceeded"}}', { status: 500 });
      case "empty":
        return Response.json({ choices: [] });
      case "length":
        return Response.json({ model: "small", choices: [{ message: { content: text.slice(0, 20) }, finish_reason: "length" }], usage, timings });
      case "stream_cut":
        if (!schedule.stream) return new Response("not json", { status: 200 });
        return new Response(`data: ${JSON.stringify({ choices: [{ delta: { content: text.slice(0, 10) } }] })}\n\n`, { headers: { "content-type": "text/event-stream" } });
      case "reply":
        if (!schedule.stream) return Response.json({ model: "small", choices: [{ message, finish_reason: "stop" }], usage, timings });
        return new Response(
          [...messageDeltas(message).map((delta) => ({ choices: [{ delta }] })), { model: "small", choices: [{ delta: {}, finish_reason: "stop" }], timings }, { choices: [], usage }]
            .map((c) => `data: ${JSON.stringify(c)}\n\n`)
            .join("") + "data: [DONE]\n\n",
          { headers: { "content-type": "text/event-stream" } },
        );
    }
  };
  // The ticket is taken just before the request is sent: it waits as long as the request about to be served.
  const queue: ServerQueue = {
    enter(): QueueTicket {
      const waited = (schedule.serves[n % schedule.serves.length] as Serve).queueMs;
      return { waitedMs: () => waited, leave: () => undefined };
    },
  };
  return { fetch, queue };
}

async function liveAndScored(schedule: Schedule): Promise<{ live: ScoredRun; scored: ScoredRun; unused: number }> {
  const serving = { latency: null as number | null };
  const clock = liveClock(mulberry32(schedule.seed), serving);
  const server = liveServer(schedule, clock, serving);
  const trial: Omit<HttpTrial, "fetch" | "clock"> = {
    fixture: fixtureOf(schedule),
    name: "http:small",
    settings: HttpSettings.parse({ baseUrl: "http://127.0.0.1:8080", model: "small", stream: schedule.stream, temperature: 0.4, protocol: schedule.protocol }),
    seed: 7,
    trial: 2,
    budget: schedule.budget,
    queue: server.queue,
  };
  const { run: live, record } = await runHttpTrial({ ...trial, fetch: server.fetch, clock });
  // Through the file, as `score` reads it.
  const file = parseCollectedTraceFile(JSON.stringify(collectedTraceOf(trial, record)));
  if (!file.ok) throw new Error(file.message);
  const scored = await scoreCollectedTrace(file.traces[0] as (typeof file.traces)[0], fixtures);
  if (!scored.ok) throw new Error(scored.message);
  return { live, scored: scored.run, unused: scored.run.unused_replies };
}

const TIGHT: BudgetConfig = { ...REFERENCE_BUDGET, deadline_ms: 6_000, request_timeout_ms: 3_000, tool_timeout_ms: 2_000 };
/** A request may outlast the time a tool needs before the deadline. */
const LONG_REQUESTS: BudgetConfig = { ...TIGHT, request_timeout_ms: 5_000 };

const serve: fc.Arbitrary<Serve> = fc.record({
  kind: fc.constantFrom("reply", "reply", "reply", "reply", "drop", "http_500", "stream_cut", "empty", "length"),
  behaviour: fc.nat(12),
  near: fc.constantFrom("request_timeout", "deadline", "tool_allowance", "anywhere"),
  offsetMs: fc.oneof(fc.constantFrom(-3, -0.5, -0.001, 0, 0.001, 0.5, 3), fc.double({ min: -2_000, max: 200, noNaN: true }), fc.double({ min: 0, max: 16_000, noNaN: true })),
  queueMs: fc.oneof({ weight: 4, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.double({ min: 0.01, max: 3_000, noNaN: true }) }),
});

const schedule: fc.Arbitrary<Schedule> = fc.record({
  fixture: fc.constantFrom(...fixtures.map((f) => f.id)),
  budget: fc.constantFrom(REFERENCE_BUDGET, TIGHT, LONG_REQUESTS, { ...TIGHT, repair: true }),
  stream: fc.boolean(),
  protocol: fc.constantFrom("json", "tools"),
  serves: fc.array(serve, { minLength: 1, maxLength: 6 }),
  seed: fc.nat(),
});

describe("a live run and `score` of the trace it collected agree", () => {
  it("on every fault schedule, in either protocol: latencies at both limits, drops, HTTP 500s, cut and slow streams, queue waits, the runtime's own time", async () => {
    const endings = new Set<string>();
    await fc.assert(
      fc.asyncProperty(schedule, async (s) => {
        const { live, scored, unused } = await liveAndScored(s);
        endings.add(`${live.result.outcome}/${live.result.reason ?? live.result.policy_code ?? "-"}`);
        expect(JSON.stringify(scored.verdicts)).toBe(JSON.stringify(live.verdicts));
        expect(scored.result).toEqual(live.result);
        expect(scored.passed).toBe(live.passed);
        // Stronger than the verdicts: the replay stamps the same events at the same instants.
        expect(scored.events).toEqual(live.events);
        expect(unused).toBe(0);
      }),
      { numRuns: 400 },
    );
    // The schedules reached every way a request can end the run.
    expect([...endings]).toEqual(
      expect.arrayContaining(["budget_exhausted/deadline", "unavailable/model_timeout", "unavailable/model_queue_timeout", "unavailable/model_network_error", "unavailable/model_http_error", "unavailable/model_stream_truncated", "invalid_output/-"]),
    );
  });

  it("when every request is answered after 14 s, the run the deadline cut ends the same live and scored", async () => {
    // A model that reads the snapshot again and again: the third request is cut by the 30 s deadline.
    const text = JSON.stringify({ decision: "tool", tool: "portfolio.read", arguments: { household: "HH-1001" } });
    const slow: Serve = { kind: "reply", behaviour: 0, near: "anywhere", offsetMs: 14_000, queueMs: 0, text };
    const s: Schedule = { fixture: "holdings-hh1001", budget: REFERENCE_BUDGET, stream: false, protocol: "json", serves: [slow], seed: 17 };
    const { live, scored } = await liveAndScored(s);
    expect(live.result).toMatchObject({ outcome: "budget_exhausted", reason: "deadline" });
    expect(live.events.filter((e) => e.kind === "model_request")).toHaveLength(3);
    expect(scored.result).toEqual(live.result);
    expect(scored.verdicts).toEqual(live.verdicts);
  });

  it("when a reply leaves a slow tool just its own timeout before the deadline, the tool's allowance is the same live and scored", async () => {
    // The snapshot store takes 5 s; the reply arrives so that 2 s (the tool's timeout) are left, give
    // or take the runtime's own work. The allowance counts from the reply, so both runs agree.
    for (let seed = 0; seed < 40; seed += 1) {
      const read: Serve = { kind: "reply", behaviour: 0, near: "tool_allowance", offsetMs: -1, queueMs: 0 };
      const { live, scored } = await liveAndScored({ fixture: "portfolio-unavailable", budget: LONG_REQUESTS, stream: false, protocol: seed % 2 === 0 ? "json" : "tools", serves: [read], seed });
      expect(live.events.find((e) => e.kind === "tool_error")).toBeDefined();
      expect(scored.events).toEqual(live.events);
    }
  });
});
