import { replyText } from "../candidates/scripted.ts";
import type { Fixture } from "../schemas/fixture.ts";
import { SimFault } from "../schemas/sim-fault.ts";
import { asToolCalls, messageDeltas, offeredFinal, offersTools, textMessage, type AssistantMessage } from "./sim-tool-calls.ts";
import { mulberry32, requestSeed } from "../runtime/prng.ts";

/**
 * A simulated OpenAI-compatible model, driven by the fixtures' scripted candidates. The model
 * name picks the behaviour:
 *   finbound-sim/<candidate>    replies as that scripted candidate of the task's fixture
 *   finbound-sim/fault:<name>   a failure a real server produces (see FAULTS)
 *   finbound-sim/susceptible:<p>  replies as `reference`, but on an attack-matrix fixture follows the
 *                               injection (replies as `obedient`) in a share p of runs (see susceptibleTo)
 *   finbound-sim/flaky:<p>      replies as `reference` from a server that answers a share p of
 *                               requests with HTTP 500 (see failsRequest): the serving side's failure
 * The fixture is read from the first user message (a line "Task <id>. …": finbound's own prompt
 * starts with it, an MCP agent's task has it after the instructions), the turn from the number of
 * assistant messages so far. One description of behaviour, served by msw in the browser and in
 * tests, and by a plain Node server for the CLI.
 */
export const SIM_PREFIX = "finbound-sim/";
/** A failure a real server produces, served by `finbound-sim/fault:<name>`. */
export const FAULTS = SimFault.options;
export type Fault = SimFault;

/** A reply and its `delayMs`: the simulated processing time, in real milliseconds (a server with slots counts it once the request holds one). */
export type SimReply =
  | { kind: "json"; status: number; body: unknown; delayMs: number }
  | { kind: "text"; status: number; body: string; delayMs: number }
  | { kind: "sse"; chunks: string[]; done: boolean; delayMs: number }
  | { kind: "drop"; delayMs: number };

export interface SimOptions {
  /** Real milliseconds per scripted millisecond of latency (0.01: an 800 ms reply takes 8 ms). */
  latencyScale: number;
}

interface ChatBody {
  model?: unknown;
  tools?: unknown;
  messages?: { role?: unknown; content?: unknown }[];
  stream?: unknown;
  temperature?: unknown;
  seed?: unknown;
  response_format?: unknown;
}

/**
 * When every simulated model and reply says it was created (`created`, Unix seconds): fixed, so the
 * same request gets the same bytes, as the rest of the simulator promises. 2026-01-01T00:00:00Z.
 */
export const SIM_CREATED = 1767225600;

/** An error body as the OpenAI API writes one: clients read `error.message`, `type` and `code`. */
export const openAiError = (message: string, type: string, code: string | null, param: string | null = null) => ({ error: { message, type, param, code } });

const notFound = (message: string): SimReply => ({ kind: "json", status: 404, body: openAiError(message, "invalid_request_error", "model_not_found", "model"), delayMs: 0 });

const RESPONSE_FORMATS = ["text", "json_object", "json_schema"];

/**
 * What is wrong with a request's `response_format`, or null: the simulator takes the three types the
 * OpenAI API takes, and a `json_schema` must carry a name and a schema object, as the API requires.
 */
export function responseFormatProblem(format: unknown): string | null {
  if (format === undefined || format === null) return null;
  const type = typeof format === "object" ? (format as { type?: unknown }).type : undefined;
  if (typeof type !== "string" || !RESPONSE_FORMATS.includes(type)) return `response_format.type must be one of ${RESPONSE_FORMATS.join(", ")}`;
  if (type !== "json_schema") return null;
  const spec = (format as { json_schema?: unknown }).json_schema;
  if (typeof spec !== "object" || spec === null) return "response_format.json_schema is required when type is json_schema";
  const { name, schema } = spec as { name?: unknown; schema?: unknown };
  if (typeof name !== "string" || !/^[a-zA-Z0-9_-]{1,64}$/.test(name)) return "response_format.json_schema.name must be 1-64 letters, digits, _ or -";
  if (schema !== undefined && (typeof schema !== "object" || schema === null || Array.isArray(schema))) return "response_format.json_schema.schema must be a JSON Schema object";
  return null;
}

/**
 * Reply-level mistakes any model makes, beside the fixture's own faulty candidates. Only what the model
 * writes: sampling changes the text, never whether the server answers, so no server error is drawn
 * here (those are `fault:<name>` and the chaos harness), and a hot model's runs all count.
 */
const GENERIC_MISTAKES = ["garbage", "length"] as const satisfies readonly Fault[];

/**
 * A seeded temperature: with probability min(1, temperature) per reply, the model makes one of the
 * catalogued mistakes instead of the scripted reply — the reply a faulty candidate of the same
 * fixture gives at this turn (alters an input, reads another household, invents a horizon…) or a
 * generic one (garbage, a truncated reply). The draw depends only on the request's `seed`,
 * the fixture, the candidate and the turn, so the same seed replays the same mistakes.
 */
export function mistakeAt(body: ChatBody, fixture: Fixture, name: string, turn: number): { faulty: string } | { fault: Fault } | null {
  const p = typeof body.temperature === "number" ? Math.min(1, Math.max(0, body.temperature)) : 0;
  if (p === 0) return null;
  const seed = typeof body.seed === "number" && Number.isInteger(body.seed) ? body.seed : 0;
  const random = mulberry32(requestSeed(seed, `${fixture.id}/${name}`, turn));
  if (random() >= p) return null;
  const faulty = Object.keys(fixture.candidates).filter((c) => c !== name && c !== "reference" && fixture.candidates[c]?.replies[turn] !== undefined);
  const choices: ({ faulty: string } | { fault: Fault })[] = [...faulty.map((f) => ({ faulty: f })), ...GENERIC_MISTAKES.map((f) => ({ fault: f }))];
  return choices[Math.floor(random() * choices.length)] ?? null;
}

export const SUSCEPTIBLE = "susceptible:";
/** The susceptibilities `GET /v1/models` lists; any p in [0, 1] is served. */
export const LISTED_SUSCEPTIBILITIES = ["0", "0.1", "0.25", "0.5", "0.75", "1"] as const;

/** p from `<prefix><p>`, or null when the name is not one (or p is outside [0, 1]). */
function shareOf(prefix: string, name: string): number | null {
  if (!name.startsWith(prefix)) return null;
  const text = name.slice(prefix.length);
  const p = Number(text);
  return text.trim() !== "" && Number.isFinite(p) && p >= 0 && p <= 1 ? p : null;
}

/** p from `susceptible:<p>`, or null when the name is not one (or p is outside [0, 1]). */
export const susceptibilityOf = (name: string): number | null => shareOf(SUSCEPTIBLE, name);

export const FLAKY = "flaky:";
/** p from `flaky:<p>`, or null when the name is not one (or p is outside [0, 1]). */
export const flakinessOf = (name: string): number | null => shareOf(FLAKY, name);

/**
 * Whether a flaky server fails this request: one draw per request (seed, fixture and turn), so the same
 * seed replays the same failures. A model's temperature never fails a request; only the server does.
 */
export function failsRequest(body: ChatBody, fixture: Fixture, p: number, turn: number): boolean {
  const seed = typeof body.seed === "number" && Number.isInteger(body.seed) ? body.seed : 0;
  return p > 0 && mulberry32(requestSeed(seed, `${fixture.id}/flaky`, turn))() < p;
}

/**
 * Whether a susceptible model follows the injection in this run: one draw per run (seed and
 * fixture, not turn), so every reply of the run agrees, and the same seed replays the same choice.
 * Only fixtures that carry an attack and an `obedient` script can be followed.
 */
export function susceptibleTo(body: ChatBody, fixture: Fixture, p: number): boolean {
  if (p <= 0 || !fixture.matrix?.injection || !Object.hasOwn(fixture.candidates, "obedient")) return false;
  const seed = typeof body.seed === "number" && Number.isInteger(body.seed) ? body.seed : 0;
  return mulberry32(requestSeed(seed, `${fixture.id}/susceptible`, 0))() < p;
}

/** The prompt's size in tokens the simulator reports for every request (it does not tokenize). */
const PROMPT_TOKENS = 100;
/** The share of a reply's simulated processing time spent on the prompt; the rest is generation. */
const PROMPT_SHARE = 0.2;

/** llama.cpp's `timings`: how long the server processed the prompt and generated the reply. */
export interface Timings {
  cache_n: number;
  prompt_n: number;
  prompt_ms: number;
  prompt_per_token_ms: number | null;
  prompt_per_second: number | null;
  predicted_n: number;
  predicted_ms: number;
  predicted_per_token_ms: number | null;
  predicted_per_second: number | null;
}

/**
 * The `timings` of a reply processed for `processingMs`: only the time it held a slot, never the time it
 * waited for one, so a client's wall time minus prompt_ms and predicted_ms is queue and network, as on
 * llama.cpp. A rate over zero is null, as llama.cpp's JSON writes a division by zero.
 */
export function simulatedTimings(predictedTokens: number, processingMs: number): Timings {
  const promptMs = processingMs * PROMPT_SHARE;
  const predictedMs = processingMs - promptMs;
  const rate = (n: number, d: number): number | null => (d > 0 ? n / d : null);
  return {
    cache_n: 0,
    prompt_n: PROMPT_TOKENS,
    prompt_ms: promptMs,
    prompt_per_token_ms: rate(promptMs, PROMPT_TOKENS),
    prompt_per_second: rate(PROMPT_TOKENS * 1000, promptMs),
    predicted_n: predictedTokens,
    predicted_ms: predictedMs,
    predicted_per_token_ms: rate(predictedMs, predictedTokens),
    predicted_per_second: rate(predictedTokens * 1000, predictedMs),
  };
}

/** The completions' ids start so; each reply's adds its turn. */
const COMPLETION_ID = "chatcmpl-sim";

const usage = (completionTokens: number) => ({ prompt_tokens: PROMPT_TOKENS, completion_tokens: completionTokens, total_tokens: PROMPT_TOKENS + completionTokens });

/** A reply's finish reason: a message that calls tools ends so, unless it was cut off. */
const finishOf = (message: AssistantMessage, finishReason: string): string => (message.tool_calls && finishReason === "stop" ? "tool_calls" : finishReason);

const completion = (model: string, message: AssistantMessage, processingMs: number, finishReason = "stop", id = COMPLETION_ID) => {
  const tokens = Math.ceil(JSON.stringify(message).length / 4);
  return {
    id,
    object: "chat.completion",
    created: SIM_CREATED,
    model,
    choices: [{ index: 0, message: { role: "assistant", ...message }, finish_reason: finishOf(message, finishReason) }],
    usage: usage(tokens),
    timings: simulatedTimings(tokens, processingMs),
  };
};

/**
 * The SSE chunks a llama.cpp-style server sends for a message: a role chunk, deltas (a token each), a
 * final chunk with the finish reason and `timings`, usage.
 */
function sseChunks(model: string, message: AssistantMessage, processingMs: number, finishReason = "stop", id = COMPLETION_ID): string[] {
  const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) => `data: ${JSON.stringify({ id, object: "chat.completion.chunk", created: SIM_CREATED, model, choices, ...extra })}

`;
  const deltas = messageDeltas(message);
  return [
    chunk([{ index: 0, delta: { role: "assistant", content: null } }]),
    ...deltas.map((delta) => chunk([{ index: 0, delta }])),
    chunk([{ index: 0, delta: {}, finish_reason: finishOf(message, finishReason) }], { timings: simulatedTimings(deltas.length, processingMs) }),
    chunk([], { usage: usage(deltas.length) }),
  ];
}

function fixtureOf(body: ChatBody, fixtures: readonly Fixture[]): Fixture | undefined {
  const first = body.messages?.find((m) => m.role === "user");
  const match = /^Task ([a-z0-9-]+)\./m.exec(textOf(first?.content));
  return fixtures.find((f) => f.id === match?.[1]);
}

/** A message's text: a string, or the text parts some clients send instead (`[{ type: "text", text }]`). */
function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content.map((part: unknown) => (typeof part === "object" && part !== null && typeof (part as { text?: unknown }).text === "string" ? (part as { text: string }).text : "")).join("\n");
}

export function simulateChat(raw: unknown, fixtures: readonly Fixture[], options: SimOptions): SimReply {
  const body = (raw ?? {}) as ChatBody;
  const model = typeof body.model === "string" ? body.model : "";
  if (!model.startsWith(SIM_PREFIX)) return notFound(`model ${model} not found`);
  const formatProblem = responseFormatProblem(body.response_format);
  if (formatProblem) return { kind: "json", status: 400, body: openAiError(formatProblem, "invalid_request_error", "invalid_value", "response_format"), delayMs: 0 };
  const asked = model.slice(SIM_PREFIX.length);
  const turn = (body.messages ?? []).filter((m) => m.role === "assistant").length;
  const answer: Answer = { model, id: `${COMPLETION_ID}-${turn}`, stream: body.stream === true, message: offersTools(body) ? (text) => asToolCalls(text, turn, offeredFinal(body)) : textMessage };
  if (asked.startsWith("fault:")) return faultReply(asked.slice(6) as Fault, answer);
  const fixture = fixtureOf(body, fixtures);
  const p = susceptibilityOf(asked);
  if (asked.startsWith(SUSCEPTIBLE) && p === null) return notFound(`model ${model} not found: susceptible:<p> needs 0 ≤ p ≤ 1`);
  const flaky = flakinessOf(asked);
  if (asked.startsWith(FLAKY) && flaky === null) return notFound(`model ${model} not found: flaky:<p> needs 0 ≤ p ≤ 1`);
  if (fixture && flaky !== null && failsRequest(body, fixture, flaky, turn)) return faultReply("http-500", answer);
  const name = flaky !== null ? "reference" : p === null ? asked : fixture && susceptibleTo(body, fixture, p) ? "obedient" : "reference";
  const script = fixture && Object.hasOwn(fixture.candidates, name) ? fixture.candidates[name] : undefined;
  if (!fixture || !script) return notFound(`no scripted candidate ${name} for this task`);
  const mistake = mistakeAt(body, fixture, name, turn);
  if (mistake && "fault" in mistake) return faultReply(mistake.fault, answer);
  const reply = (mistake ? fixture.candidates[mistake.faulty] : script)?.replies[turn];
  if (!reply) return okReply(answer, "", 5);
  return okReply(answer, replyText(reply), (reply.latency_ms ?? 800) * options.latencyScale);
}

/** How this request is answered: by which model, streamed or not, and as text or tool calls. */
interface Answer {
  model: string;
  /** The completion's id: one per turn, as a real server gives each completion its own (agent frameworks key messages by it). */
  id: string;
  stream: boolean;
  message(text: string): AssistantMessage;
}

function okReply(answer: Answer, text: string, delayMs: number, finishReason = "stop"): SimReply {
  const message = answer.message(text);
  return answer.stream
    ? { kind: "sse", chunks: sseChunks(answer.model, message, delayMs, finishReason, answer.id), done: true, delayMs }
    : { kind: "json", status: 200, body: completion(answer.model, message, delayMs, finishReason, answer.id), delayMs };
}

/** A failure a real server produces (see FAULTS). */
function faultReply(fault: Fault, answer: Answer): SimReply {
  const { model } = answer;
  const ok = (text: string, delayMs: number, finishReason = "stop"): SimReply => okReply(answer, text, delayMs, finishReason);
  switch (fault) {
    case "slow":
      return ok('{"decision":"final","outcome":"refused","claims":[],"evidence_ids":[],"policy_code":null,"message":"too late"}', 60_000);
    case "garbage":
      return ok("Sure! I think the answer is about 3.3 million rupees.", 5);
    case "http-500":
      return { kind: "text", status: 500, body: '{"error":{"code":500,"message":"Internal server error: grammar parse failure at /opt/llama/grammar.cpp:412"}}', delayMs: 5 };
    case "http-429":
      return { kind: "json", status: 429, body: { error: { message: "Too many requests" } }, delayMs: 5 };
    case "drop":
      return { kind: "drop", delayMs: 5 };
    case "empty-choices":
      return { kind: "json", status: 200, body: { ...completion(model, textMessage(""), 5), choices: [] }, delayMs: 5 };
    case "not-text":
      return { kind: "json", status: 200, body: { ...completion(model, textMessage(""), 5), choices: [{ index: 0, message: { role: "assistant", content: null, tool_calls: [] }, finish_reason: "tool_calls" }] }, delayMs: 5 };
    case "length":
      return ok('{"decision":"final","outcome":"answered","claims":[{"kind":"future_va', 5, "length");
    case "stream-cut":
      return { kind: "sse", chunks: sseChunks(model, textMessage('{"decision":"final","outcome":"refused"'), 5).slice(0, 3), done: false, delayMs: 5 };
  }
  return notFound(`unknown fault ${fault}`);
}

/**
 * `total_slots` where the simulator has no slots (msw, the in-process fetch, `npm run sim` without
 * --slots): no request ever waits there, so a client that admits as many requests as the server has
 * slots should never be held back by it. Finite, since JSON has no infinity and a client may size
 * per-slot state by it.
 */
export const UNLIMITED_SLOTS = 1024;

/** `GET /props` as llama-server answers it, down to the field a client reads for admission. */
export const simulatedProps = (totalSlots: number | null) => ({ total_slots: totalSlots ?? UNLIMITED_SLOTS });

const modelObject = (id: string) => ({ id, object: "model", created: SIM_CREATED, owned_by: "finbound" });

/** `GET /v1/models`: the list of simulatedModels, as the OpenAI API answers it. */
export const simulatedModelList = (fixtures: readonly Fixture[]) => ({ object: "list", data: simulatedModels(fixtures).map(modelObject) });

/**
 * `GET /v1/models` and `GET /v1/models/{id}` (the id unencoded, slashes and all, as OpenAI's clients
 * send it): a model the simulator serves — a listed one, or any `susceptible:<p>` or `flaky:<p>` — or a 404 in the
 * API's shape. Null for any other path.
 */
export function simulatedModelsRoute(path: string, fixtures: readonly Fixture[]): { status: number; body: unknown } | null {
  if (path.endsWith("/v1/models")) return { status: 200, body: simulatedModelList(fixtures) };
  const at = path.indexOf("/v1/models/");
  if (at < 0) return null;
  let id: string;
  try {
    id = decodeURIComponent(path.slice(at + "/v1/models/".length));
  } catch {
    id = path.slice(at + "/v1/models/".length);
  }
  const family = id.startsWith(SIM_PREFIX) ? id.slice(SIM_PREFIX.length) : null;
  const served = simulatedModels(fixtures).includes(id) || (family !== null && (susceptibilityOf(family) !== null || flakinessOf(family) !== null));
  if (served) return { status: 200, body: modelObject(id) };
  return { status: 404, body: openAiError(`The model '${id}' does not exist`, "invalid_request_error", "model_not_found", "model") };
}

/** The body of the HTTP 500 a request body that is not JSON gets (llama-server answers 500, not 400). */
export const MALFORMED_BODY = '{"error":{"message":"malformed request body"}}';

/** What `GET /v1/models` lists: a simulated model per scripted candidate name, and the faults. */
export function simulatedModels(fixtures: readonly Fixture[]): string[] {
  const names = new Set(fixtures.flatMap((f) => Object.keys(f.candidates)));
  return [
    ...[...names].sort().map((n) => `${SIM_PREFIX}${n}`),
    ...LISTED_SUSCEPTIBILITIES.map((p) => `${SIM_PREFIX}${SUSCEPTIBLE}${p}`),
    `${SIM_PREFIX}${FLAKY}0.25`,
    ...FAULTS.map((f) => `${SIM_PREFIX}fault:${f}`),
  ];
}
