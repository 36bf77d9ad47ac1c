import { z } from "zod";

// What OpenAI-compatible servers send back, parsed rather than trusted. Only the fields finbound
// uses are required; servers add their own (llama.cpp's `timings`, Ollama's `models`).

export const Usage = z.object({
  prompt_tokens: z.number().int().nonnegative().optional(),
  completion_tokens: z.number().int().nonnegative().optional(),
  total_tokens: z.number().int().nonnegative().optional(),
});

/** llama.cpp's own timings of a request (a non-standard field; other servers send none). */
export const ServerTimings = z.object({ prompt_ms: z.number().nonnegative().optional(), predicted_ms: z.number().nonnegative().optional() });

/** The server's timings as finbound records them, or nothing when it sent none it could read. */
export function serverTimings(raw: unknown): { prompt_ms?: number; generation_ms?: number } {
  const parsed = ServerTimings.safeParse(raw);
  if (!parsed.success) return {};
  const { prompt_ms, predicted_ms } = parsed.data;
  return { ...(prompt_ms === undefined ? {} : { prompt_ms }), ...(predicted_ms === undefined ? {} : { generation_ms: predicted_ms }) };
}

export const ChatCompletion = z.object({
  /** The model that actually answered: llama-server answers under its `--alias` whatever was asked. */
  model: z.string().optional(),
  choices: z.array(
    z.object({
      message: z.object({ content: z.unknown().optional(), tool_calls: z.unknown().optional() }).optional(),
      finish_reason: z.string().nullable().optional(),
    }),
  ),
  usage: Usage.nullable().optional(),
  timings: z.unknown().optional(),
});

/** A piece of one tool call in a stream: the call at `index` gets its id and name once, its arguments in pieces. */
export const ToolCallDelta = z.object({
  index: z.number().int().nonnegative(),
  id: z.string().optional(),
  function: z.object({ name: z.string().optional(), arguments: z.string().optional() }).optional(),
});
export type ToolCallDelta = z.infer<typeof ToolCallDelta>;

export const ChatChunk = z.object({
  model: z.string().optional(),
  choices: z.array(
    z.object({
      delta: z.object({ content: z.string().nullable().optional(), tool_calls: z.array(ToolCallDelta).nullable().optional() }).optional(),
      finish_reason: z.string().nullable().optional(),
    }),
  ),
  usage: Usage.nullable().optional(),
  timings: z.unknown().optional(),
});

export const ModelList = z.object({ data: z.array(z.object({ id: z.string() })) });

/** The minimal fetch this adapter needs: the browser's and Node's both fit, and so does a test double. */
export type FetchLike = (url: string, init: { method: string; headers: Record<string, string>; body?: string; signal?: AbortSignal }) => Promise<ResponseLike>;

export interface ResponseLike {
  readonly ok: boolean;
  readonly status: number;
  text(): Promise<string>;
  /** A ReadableStream of bytes when streaming; checked with `asByteStream` before use. */
  readonly body?: unknown;
}

export interface ByteStream {
  getReader(): { read(): Promise<{ done: boolean; value?: Uint8Array }>; cancel(reason?: unknown): Promise<void> };
}

export const asByteStream = (body: unknown): ByteStream | null =>
  typeof body === "object" && body !== null && typeof (body as { getReader?: unknown }).getReader === "function" ? (body as ByteStream) : null;

/** Removes the API key from any text bound for the diagnostics, in case a server echoes it. */
export const redact = (text: string, key: string | undefined): string => (key ? text.split(key).join("[redacted]") : text);

/** The error and its cause: Node's fetch says only "fetch failed"; the cause says ECONNREFUSED. */
export function describeNetworkError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { cause?: unknown }).cause;
  const because = cause instanceof Error ? ` (${(cause as { code?: unknown }).code ?? cause.name}: ${cause.message})` : "";
  return `${error.name}: ${error.message}${because}`;
}
