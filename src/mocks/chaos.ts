import { http, HttpResponse } from "msw";
import type { Fixture } from "../schemas/fixture.ts";
import { simResponse } from "./handlers.ts";
import { SIM_PREFIX, simulateChat, type Fault } from "./simulated-model.ts";
import { mulberry32, requestSeed } from "../runtime/prng.ts";

/**
 * A chaotic OpenAI-compatible server for load tests. Each chat request gets one chaos event,
 * drawn from a PRNG seeded by (seed, run, turn): the same seed gives the same events whatever
 * order concurrent requests arrive in. Good replies and faults alike come from `simulateChat`,
 * so decisions are the fixtures' scripted ones.
 */
export const CHAOS_KINDS = ["normal", "http_500", "drop", "garbage", "slow"] as const;
export type ChaosKind = (typeof CHAOS_KINDS)[number];

/** The request header that names the run a request belongs to (set by the load suite's fetch). */
export const RUN_HEADER = "x-finbound-run";

export interface ChaosOptions {
  seed: number;
  /** Per-request probability of each kind (normalised, so weights work too). */
  probabilities: Record<ChaosKind, number>;
  /** Every reply but a slow one waits a uniform latency in [min, max] ms. */
  latencyMs: { min: number; max: number };
  /** How long a slow reply waits: meant to be beyond the run's deadline. */
  slowMs: number;
}

export const DEFAULT_PROBABILITIES: Record<ChaosKind, number> = { normal: 0.7, http_500: 0.075, drop: 0.075, garbage: 0.075, slow: 0.075 };

/** What the server did with one request. */
export interface ChaosEvent {
  run: string;
  /** Replies the run had received before this request (0 for its first). */
  turn: number;
  kind: ChaosKind;
  delayMs: number;
}

/** The simulated model's fault that plays each kind; a normal reply keeps the requested model. */
const FAULT_OF: Record<Exclude<ChaosKind, "normal">, Fault> = { http_500: "http-500", drop: "drop", garbage: "garbage", slow: "slow" };

export function chaosFor(options: ChaosOptions, run: string, turn: number): ChaosEvent {
  const random = mulberry32(requestSeed(options.seed, run, turn));
  const total = CHAOS_KINDS.reduce((sum, k) => sum + Math.max(0, options.probabilities[k]), 0);
  let pick = random() * total;
  let kind: ChaosKind = "normal";
  for (const k of CHAOS_KINDS) {
    pick -= Math.max(0, options.probabilities[k]);
    if (pick < 0) {
      kind = k;
      break;
    }
  }
  const { min, max } = options.latencyMs;
  const latency = Math.round(min + random() * (max - min));
  return { run, turn, kind, delayMs: kind === "slow" ? options.slowMs : latency };
}

/** Waits, but stops waiting when the client gives up, so no server timer outlives its request. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = (): void => {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
  });
}


interface ChatBody {
  model?: unknown;
  messages?: { role?: unknown }[];
}

/**
 * msw handlers for the chaos server. `onEvent` hears what the server decided for each request,
 * before it waits; whether the client still listens is for the client to track.
 */
export function chaosHandlers(fixtures: readonly Fixture[], options: ChaosOptions, onEvent: (event: ChaosEvent) => void, base = "*") {
  return [
    http.post(`${base}/v1/chat/completions`, async ({ request }) => {
      const body = ((await request.json().catch(() => null)) ?? {}) as ChatBody;
      // The client gave up before the request was read: there is nothing left to decide.
      if (request.signal.aborted) return HttpResponse.error();
      const run = request.headers.get(RUN_HEADER) ?? "unknown";
      const turn = (body.messages ?? []).filter((m) => m.role === "assistant").length;
      const event = chaosFor(options, run, turn);
      onEvent(event);
      await pause(event.delayMs, request.signal);
      if (request.signal.aborted) return HttpResponse.error();
      const model = event.kind === "normal" ? body.model : `${SIM_PREFIX}fault:${FAULT_OF[event.kind]}`;
      return simResponse(simulateChat({ ...body, model, stream: false }, fixtures, { latencyScale: 0 }));
    }),
  ];
}
