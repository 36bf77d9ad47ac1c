import type { Candidate, CandidateReply } from "../../runtime/candidate.ts";
import type { ModelFailureCode, TokenUsage } from "../../schemas/event.ts";
import { conversation } from "./conversation.ts";
import { decisionJsonSchema, functionSchemas } from "./decision-schema.ts";
import { FINAL_FUNCTION } from "../../runtime/protocols/names.ts";
import { toolCallingText } from "./tool-calls.ts";
import { endpoint, headersFor, type HttpSettings } from "./settings.ts";
import { readStream } from "./stream.ts";
import type { QueueTicket, ServerQueue } from "./server-queue.ts";
import { asByteStream, ChatCompletion, describeNetworkError, redact, serverTimings, type FetchLike, type ResponseLike } from "./wire.ts";

const failure = (code: ModelFailureCode, detail: string, status?: number): CandidateReply => ({ ok: false, code, detail, ...(status === undefined ? {} : { status }) });

/** A request body for one turn. */
export function chatRequestBody(settings: HttpSettings, messages: ReturnType<typeof conversation>): Record<string, unknown> {
  return {
    model: settings.model,
    messages,
    temperature: settings.temperature,
    max_tokens: settings.maxTokens,
    ...(settings.seed === undefined ? {} : { seed: settings.seed }),
    ...(settings.protocol === "tools"
      ? { tools: functionSchemas(FINAL_FUNCTION).map((f) => ({ type: "function", function: f })), tool_choice: "required" }
      : settings.responseFormat === "json_schema"
        ? { response_format: { type: "json_schema", json_schema: { name: "finbound_decision", strict: true, schema: decisionJsonSchema() } } }
        : {}),
    ...(settings.stream ? { stream: true, stream_options: { include_usage: true } } : {}),
  };
}

/**
 * A candidate backed by an OpenAI-compatible chat-completions server (llama.cpp, Ollama, vLLM,
 * LM Studio). Every failure becomes a value with a public code; the detail goes to the
 * restricted diagnostics. The run's clock bounds each request and aborts it through `signal`.
 */
export function httpCandidate(name: string, settings: HttpSettings, fetchImpl: FetchLike, options: { queue?: ServerQueue } = {}): Candidate {
  let inFlight: QueueTicket | undefined;
  return {
    name,
    protocol: settings.protocol,
    sampling: { temperature: settings.temperature, ...(settings.seed === undefined ? {} : { seed: settings.seed }) },
    async next(turn, signal) {
      const body = JSON.stringify(chatRequestBody(settings, conversation(turn, settings.protocol)));
      const ticket = options.queue?.enter();
      inFlight = ticket;
      try {
        const reply = await request(body, signal);
        return { value: ticket ? withQueueTime(reply, ticket.waitedMs()) : reply };
      } finally {
        ticket?.leave();
      }
    },
    cutShort: () => (inFlight ? { queue_ms: inFlight.waitedMs() } : {}),
  };

  async function request(body: string, signal: AbortSignal): Promise<CandidateReply> {
    let response: ResponseLike;
    try {
      response = await fetchImpl(endpoint(settings.baseUrl, "chat/completions"), { method: "POST", headers: headersFor(settings), body, signal });
    } catch (error) {
      if (signal.aborted) return failure("model_cancelled", "the request was aborted");
      return failure("model_network_error", redact(`request failed: ${describeNetworkError(error)}`, settings.apiKey));
    }
    return readReply(response, settings, signal);
  }
}

/** A reply with the time its request waited for a server slot, as finbound counted it. */
const withQueueTime = (reply: CandidateReply, queue_ms: number): CandidateReply =>
  reply.ok ? { ...reply, timings: { queue_ms, ...reply.timings } } : { ...reply, queue_ms };

async function readReply(response: ResponseLike, settings: HttpSettings, signal: AbortSignal): Promise<CandidateReply> {
  if (!response.ok) {
    const text = await response.text().catch(() => "");
    const code: ModelFailureCode = response.status === 429 ? "model_rate_limited" : "model_http_error";
    return failure(code, redact(`HTTP ${response.status}: ${text.slice(0, 2000)}`, settings.apiKey), response.status);
  }
  if (settings.stream) {
    const body = asByteStream(response.body);
    if (!body) return failure("model_stream_truncated", "the server sent no stream body");
    const streamed = await readStream(body, signal, settings.protocol);
    if (!streamed.ok) return failure(streamed.code, redact(streamed.detail, settings.apiKey));
    const { timings, ...reply } = streamed;
    return { ...reply, ...(Object.keys(timings).length === 0 ? {} : { timings }) };
  }
  let json: unknown;
  try {
    json = JSON.parse(await response.text());
  } catch (error) {
    if (signal.aborted) return failure("model_cancelled", "the request was aborted");
    return failure("model_http_error", `the response body is not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const parsed = ChatCompletion.safeParse(json);
  if (!parsed.success) return failure("model_http_error", `the response is not a chat completion: ${parsed.error.issues[0]?.message ?? ""}`);
  const choice = parsed.data.choices[0];
  if (!choice) return failure("model_empty_reply", "the response has no choices");
  const content = settings.protocol === "tools" ? toolCallingText(choice.message) : choice.message?.content;
  if (typeof content !== "string") return failure("model_empty_reply", `the reply's content is not text (${content === null ? "null" : typeof content})`);
  const usage: TokenUsage | null = parsed.data.usage ? stripUndefined(parsed.data.usage) : null;
  const model = parsed.data.model;
  const timings = serverTimings(parsed.data.timings);
  return { ok: true, text: content, finishReason: choice.finish_reason ?? null, usage, ...(model === undefined ? {} : { model }), ...(Object.keys(timings).length === 0 ? {} : { timings }) };
}

const stripUndefined = (u: TokenUsage): TokenUsage => Object.fromEntries(Object.entries(u).filter(([, v]) => v !== undefined)) as TokenUsage;
