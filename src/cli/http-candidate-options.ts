import { listModels } from "../candidates/http/list-models.ts";
import { checkMaxTokens } from "../candidates/http/longest-decision.ts";
import { serverQueue, type ServerQueue } from "../candidates/http/server-queue.ts";
import { serverSlots } from "../candidates/http/server-props.ts";
import { admission, type Admission } from "../evaluation/admission.ts";
import { headersFor, HttpSettings, publicSettings } from "../candidates/http/settings.ts";
import type { FetchLike } from "../candidates/http/wire.ts";
import { networkFailureKind } from "../evaluation/reason.ts";
import { positiveInt, UsageError } from "./usage-error.ts";

export interface HttpCliOptions {
  "base-url"?: string | undefined;
  model?: string | undefined;
  "api-key-env"?: string | undefined;
  "response-format"?: string | undefined;
  stream?: boolean | undefined;
  temperature?: string | undefined;
  seed?: string | undefined;
  protocol?: string | undefined;
  "server-slots"?: string | undefined;
  "allow-server-queue"?: boolean | undefined;
  "max-tokens"?: string | undefined;
}

export const HTTP_OPTIONS = {
  "base-url": { type: "string" },
  model: { type: "string" },
  "api-key-env": { type: "string" },
  "response-format": { type: "string" },
  stream: { type: "boolean" },
  temperature: { type: "string" },
  seed: { type: "string" },
  protocol: { type: "string" },
  "server-slots": { type: "string" },
  "allow-server-queue": { type: "boolean" },
  "max-tokens": { type: "string" },
} as const;

export interface HttpCandidateFactory {
  name: string;
  settings: HttpSettings;
  /** Settings as they may be recorded (no key). */
  publicSettings: Record<string, unknown>;
  /** The base seed when one is in play (`--seed`, or 1 with `--trials K > 1`): trial t sends seed + t − 1. */
  seed: number | undefined;
}

export const nodeFetch: FetchLike = (url, init) => fetch(url, init);

const number = (flag: string, value: string | undefined): number | undefined => {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (value.trim() === "" || !Number.isFinite(n)) throw new UsageError(`--${flag} must be a number (got ${value})`);
  return n;
};

/**
 * Builds the HTTP candidate from CLI flags. The key is read from the named variable, never from argv.
 * A max_tokens that cannot hold the longest valid decision is refused here, before any request.
 */
export function httpCandidateFromFlags(flags: HttpCliOptions, env: Readonly<Record<string, string | undefined>> = process.env, trials = 1): HttpCandidateFactory {
  if (!flags["base-url"]) throw new UsageError("--candidate http needs --base-url URL (e.g. http://127.0.0.1:8080)");
  if (!flags.model) throw new UsageError("--candidate http needs --model NAME");
  let url: URL;
  try {
    url = new URL(flags["base-url"]);
  } catch {
    throw new UsageError(`--base-url ${flags["base-url"]} is not a URL (e.g. http://127.0.0.1:8080)`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new UsageError(`--base-url must be an http:// or https:// URL (got ${url.protocol}//…)`);
  let apiKey: string | undefined;
  const keyVar = flags["api-key-env"];
  if (keyVar) {
    apiKey = env[keyVar];
    if (!apiKey) throw new UsageError(`--api-key-env ${keyVar}: the environment variable is not set`);
  }
  const temperature = number("temperature", flags.temperature);
  const seed = number("seed", flags.seed);
  const maxTokens = flags["max-tokens"] === undefined ? undefined : positiveInt("max-tokens", flags["max-tokens"]);
  if (flags.protocol !== undefined && flags.protocol !== "json" && flags.protocol !== "tools") throw new UsageError(`--protocol must be json (one JSON decision per reply) or tools (native tool calling) (got ${flags.protocol})`);
  const parsed = HttpSettings.safeParse({
    baseUrl: flags["base-url"],
    model: flags.model,
    ...(apiKey ? { apiKey } : {}),
    ...(flags["response-format"] ? { responseFormat: flags["response-format"] } : {}),
    ...(temperature === undefined ? {} : { temperature }),
    ...(seed === undefined ? {} : { seed }),
    ...(maxTokens === undefined ? {} : { maxTokens }),
    stream: flags.stream ?? false,
    ...(flags.protocol ? { protocol: flags.protocol } : {}),
  });
  if (!parsed.success) throw new UsageError(`invalid HTTP settings: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  const settings = parsed.data;
  const finishes = checkMaxTokens(settings, "--max-tokens");
  if (!finishes.ok) throw new UsageError(finishes.message);
  const name = `http:${settings.model}`;
  return { name, settings, publicSettings: publicSettings(settings), seed: settings.seed ?? (trials > 1 ? 1 : undefined) };
}

/**
 * Asks the server what it serves before the first fixture: nothing answering, or a model it does
 * not list, stops the run with a message naming the address. llama-server lists only its alias and
 * answers under it whatever name is asked, so a one-model list that lacks the name is a warning.
 */
export async function preflight(factory: HttpCandidateFactory, fetchImpl: FetchLike, timeoutMs: number): Promise<{ warning: string | null; models: string[] }> {
  const { baseUrl, model } = factory.settings;
  const listing = await listModels(factory.settings, fetchImpl, AbortSignal.timeout(timeoutMs));
  if (!listing.ok) {
    const why = listing.code === "model_network_error" ? networkWords(listing.detail, timeoutMs) : listing.detail.split(":")[0];
    throw new UsageError(`nothing usable answers at ${baseUrl} (GET /v1/models: ${why}). Is the server running on that address and port? (llama-server --port N, ollama serve, vllm serve)`);
  }
  if (listing.models.includes(model)) return { warning: null, models: listing.models };
  if (listing.models.length === 1) {
    return { warning: `the server at ${baseUrl} lists only ${listing.models[0]}, not ${model}: llama-server answers under its alias whatever name is asked, so the run goes on; the model that answered is recorded`, models: listing.models };
  }
  throw new UsageError(`the server at ${baseUrl} does not list the model ${model} (it lists: ${listing.models.join(", ") || "nothing"})`);
}

function networkWords(detail: string, timeoutMs: number): string {
  // The preflight's own timeout aborts the request: say so before the socket's words.
  if (/abort|TimeoutError/i.test(detail)) return `no answer within ${timeoutMs} ms`;
  const kind = networkFailureKind(detail);
  if (kind) return kind;
  // The cause as the fetch implementation words it ("bad port" for a port fetch refuses to use).
  const cause = /\((?:[A-Za-z_]+: )?([^()]{1,80})\)$/.exec(detail)?.[1];
  return cause ? `the connection failed: ${cause}` : "the connection failed";
}

/**
 * How many runs go to the server at once, and finbound's count of its requests there when they may
 * wait in its queue: the slots the analyst gave (`--server-slots`), else those the server says it has
 * (llama-server's `GET /props`). The warning says what was decided when it is not what was asked.
 */
export async function serverAdmission(
  factory: HttpCandidateFactory,
  flags: HttpCliOptions & { concurrency: number },
  fetchImpl: FetchLike,
): Promise<{ admission: Admission; queue: ServerQueue | null; warning: string | null }> {
  const given = flags["server-slots"];
  let slots: number | null;
  let from: string;
  if (given !== undefined) {
    slots = positiveInt("server-slots", given);
    from = "--server-slots";
  } else {
    slots = await serverSlots(factory.settings.baseUrl, headersFor(factory.settings), fetchImpl, AbortSignal.timeout(5_000));
    from = "GET /props total_slots";
  }
  const n = flags.concurrency;
  const admitted = admission({ concurrency: n, slots, allowServerQueue: flags["allow-server-queue"] === true });
  // Waiting is counted wherever it may happen and the slots are known; where they are not, it cannot be.
  const queue = slots !== null && admitted.serverMayQueue ? serverQueue(slots, () => performance.now()) : null;
  const warning = {
    fits: null,
    held: `--concurrency ${n} is more than the ${slots} slot(s) the server has (${from}): runs are admitted ${slots} at a time, so no request waits in its queue (--allow-server-queue sends ${n} at once and counts the waiting as the server's)`,
    queueing: `--concurrency ${n} is more than the ${slots} slot(s) the server has (${from}): requests will wait in its queue; the waiting is recorded as queue_ms and a run it costs the deadline ends model_queue_timeout (infrastructure)`,
    unknown: n > 1 ? `the server does not say how many slots it has: with --concurrency ${n} requests may wait in its queue, and that waiting would count against the model; give --server-slots N to admit no more than it serves` : null,
  }[admitted.case];
  return { admission: admitted, queue, warning };
}
