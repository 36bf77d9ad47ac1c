import { functionNameOf, FINAL_FUNCTION, FINAL_MCP_TOOL } from "../runtime/protocols/names.ts";

// The simulated model's replies when a request offers `tools` (native tool calling): the scripted
// decision a reply holds becomes the call a tool-calling model makes — a tool decision calls that tool's
// function, a final decision calls the final function offered (final_answer, or submit_final when an
// agent framework offers finbound's MCP tools) with its fields (forged ones too, for the runtime to
// name) — and a reply that is no decision stays text, as a model that ignores the tools answers.

export interface ToolCall {
  id: string;
  type: "function";
  function: { name: string; arguments: string };
}

/** An assistant message: text, or the tool calls a reply makes. */
export interface AssistantMessage {
  content: string | null;
  tool_calls?: ToolCall[];
}

export const textMessage = (text: string): AssistantMessage => ({ content: text });

/** The scripted reply `text` as a tool-calling model sends it, its call ids unique within the run (`turn`). */
export function asToolCalls(text: string, turn: number, finalName: string = FINAL_FUNCTION): AssistantMessage {
  let decision: unknown;
  try {
    decision = JSON.parse(text);
  } catch {
    return textMessage(text);
  }
  if (typeof decision !== "object" || decision === null || Array.isArray(decision)) return textMessage(text);
  const { decision: kind, tool, arguments: args, ...fields } = decision as Record<string, unknown>;
  const call = (name: string, value: unknown): AssistantMessage => ({ content: null, tool_calls: [{ id: `call_${turn}_0`, type: "function", function: { name, arguments: JSON.stringify(value) } }] });
  if (kind === "tool" && typeof tool === "string") return call(functionNameOf(tool), args ?? {});
  if (kind === "final") return call(finalName, fields);
  return textMessage(text);
}

/** Whether the request offered tools: the model then answers in tool calls. */
export const offersTools = (body: { tools?: unknown }): boolean => Array.isArray(body.tools) && body.tools.length > 0;

/** The function a final decision calls: submit_final when only it is offered (finbound's tools over MCP), else final_answer. */
export function offeredFinal(body: { tools?: unknown }): string {
  const names = Array.isArray(body.tools) ? body.tools.map((t: unknown) => (t as { function?: { name?: unknown } } | null)?.function?.name) : [];
  return names.includes(FINAL_MCP_TOOL) && !names.includes(FINAL_FUNCTION) ? FINAL_MCP_TOOL : FINAL_FUNCTION;
}

/** The message's parts as stream deltas: text in pieces, or each call's name then its arguments in pieces. */
export function messageDeltas(message: AssistantMessage): Record<string, unknown>[] {
  const pieces = (s: string): string[] => s.match(/[\s\S]{1,24}/g) ?? [];
  if (!message.tool_calls) return pieces(message.content ?? "").map((content) => ({ content }));
  return message.tool_calls.flatMap((c, index) => [
    { tool_calls: [{ index, id: c.id, type: "function", function: { name: c.function.name, arguments: "" } }] },
    ...pieces(c.function.arguments).map((part) => ({ tool_calls: [{ index, function: { arguments: part } }] })),
  ]);
}
