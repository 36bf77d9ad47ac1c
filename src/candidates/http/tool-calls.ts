import { z } from "zod";
import type { ToolCallingMessage } from "../../runtime/protocols/read-reply.ts";
import type { ToolCallDelta } from "./wire.ts";

// A native tool-calling reply is recorded as the assistant message it was — its text and its tool
// calls (id, function name, arguments as the model wrote them) — in one JSON text, so a replay reads
// exactly what the model sent (runtime/protocols/read-reply.ts reads it back).

const ToolCalls = z.array(z.object({ id: z.string(), function: z.object({ name: z.string(), arguments: z.string() }) }));

/** The assistant message of a reply as the text a tool-calling run records; null when it holds neither text nor a call. */
export function toolCallingText(message: { content?: unknown; tool_calls?: unknown } | undefined): string | null {
  const calls = ToolCalls.safeParse(message?.tool_calls ?? []);
  const content = typeof message?.content === "string" ? message.content : null;
  if (!calls.success) return null;
  if (calls.data.length === 0 && content === null) return null;
  return recordedMessage(content, calls.data);
}

const recordedMessage = (content: string | null, calls: readonly { id: string; function: { name: string; arguments: string } }[]): string => {
  const message: ToolCallingMessage = { content, tool_calls: calls.map((c) => ({ id: c.id, type: "function", function: { name: c.function.name, arguments: c.function.arguments } })) };
  return JSON.stringify(message);
};

/** Tool calls streamed in pieces, put together by their index, in order. */
export class StreamedToolCalls {
  readonly #calls: { id: string; name: string; arguments: string }[] = [];

  add(deltas: readonly ToolCallDelta[]): void {
    for (const d of deltas) {
      const call = (this.#calls[d.index] ??= { id: "", name: "", arguments: "" });
      if (d.id) call.id = d.id;
      if (d.function?.name) call.name += d.function.name;
      if (d.function?.arguments) call.arguments += d.function.arguments;
    }
  }


  /** The message the stream carried, with its text. */
  text(content: string): string {
    return recordedMessage(content === "" ? null : content, this.#calls.filter(Boolean).map((c, i) => ({ id: c.id || `call_${i}`, function: { name: c.name, arguments: c.arguments } })));
  }
}
