import type { ModelFailureCode, RequestTimings, TokenUsage } from "../../schemas/event.ts";
import { StreamedToolCalls } from "./tool-calls.ts";
import { ChatChunk, serverTimings, type ByteStream } from "./wire.ts";

export type Streamed =
  | { ok: true; text: string; finishReason: string | null; usage: TokenUsage | null; model?: string; timings: RequestTimings }
  | { ok: false; code: ModelFailureCode; detail: string };

/**
 * Reads a `text/event-stream` of chat-completion chunks up to `data: [DONE]`. A stream that
 * ends, or breaks, before `[DONE]` is truncated: a recorded failure, never a partial decision.
 */
export async function readStream(body: ByteStream, signal: AbortSignal, protocol: "json" | "tools" = "json"): Promise<Streamed> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let text = "";
  let finishReason: string | null = null;
  let usage: TokenUsage | null = null;
  let model: string | undefined;
  let timings: RequestTimings = {};
  const calls = new StreamedToolCalls();
  // A tool-calling reply is recorded as its message (text and calls); a JSON decision as its text.
  const finished = (): Streamed => ({ ok: true, text: protocol === "tools" ? calls.text(text) : text, finishReason, usage, ...(model === undefined ? {} : { model }), timings });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let newline: number;
      while ((newline = buffer.indexOf("\n")) >= 0) {
        const line = buffer.slice(0, newline).trim();
        buffer = buffer.slice(newline + 1);
        if (!line.startsWith("data:")) continue;
        const data = line.slice(5).trim();
        if (data === "[DONE]") return finished();
        let chunk: unknown;
        try {
          chunk = JSON.parse(data);
        } catch {
          return { ok: false, code: "model_stream_truncated", detail: `a stream chunk is not JSON: ${data.slice(0, 200)}` };
        }
        const parsed = ChatChunk.safeParse(chunk);
        if (!parsed.success) continue;
        if (parsed.data.usage) usage = parsed.data.usage as TokenUsage;
        if (parsed.data.model !== undefined) model = parsed.data.model;
        // llama.cpp sends its timings with the last chunk.
        if (parsed.data.timings !== undefined) timings = serverTimings(parsed.data.timings);
        for (const choice of parsed.data.choices) {
          text += choice.delta?.content ?? "";
          if (choice.delta?.tool_calls) calls.add(choice.delta.tool_calls);
          if (choice.finish_reason) finishReason = choice.finish_reason;
        }
      }
    }
  } catch (error) {
    if (signal.aborted) return { ok: false, code: "model_cancelled", detail: "the request was aborted" };
    return { ok: false, code: "model_stream_truncated", detail: `the stream broke after ${text.length} characters: ${error instanceof Error ? error.message : String(error)}` };
  }
  return { ok: false, code: "model_stream_truncated", detail: `the stream ended without [DONE] after ${text.length} characters` };
}
