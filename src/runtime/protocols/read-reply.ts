import { z } from "zod";
import type { Protocol } from "../../schemas/decision.ts";
import { decisionOf, invalid, MAX_REPLY_CHARS, parseJsonObject, parseReply, type InvalidReply, type ParsedDecision, type ParserOptions } from "../parse-reply.ts";
import { catalogueNameOf, FINAL_FUNCTION, FINAL_MCP_TOOL } from "./names.ts";

// A reply is read by the protocol it was given in (contract §6a); each protocol turns it into decisions
// of the one contract, so the boundary, the record and the scorer never know which it was.
//   json   the reply's text is exactly one JSON decision
//   tools  the reply is the chat API's assistant message: each tool call is one decision, in order
//   mcp    the reply is one `tools/call`'s name and arguments

/** A reply read: its decisions in the order they are to be taken, or why it is not a valid reply. */
export type ReadReply = { ok: true; decisions: ParsedDecision[] } | InvalidReply;

/** The assistant message of a native tool-calling reply, as the HTTP candidate records it. */
export const ToolCallingMessage = z.object({
  content: z.string().nullable().optional(),
  tool_calls: z
    .array(z.object({ id: z.string(), type: z.literal("function").optional(), function: z.object({ name: z.string(), arguments: z.string() }) }))
    .optional(),
});
export type ToolCallingMessage = z.infer<typeof ToolCallingMessage>;

/** One `tools/call` of an MCP session, as the MCP server records it. */
export const McpCall = z.object({ name: z.string(), arguments: z.record(z.string(), z.unknown()).optional() });
export type McpCall = z.infer<typeof McpCall>;

export function readReply(protocol: Protocol, text: string, finishReason: string | null, options: ParserOptions = {}): ReadReply {
  switch (protocol) {
    case "json": {
      const one = parseReply(text, finishReason, options);
      return one.ok ? { ok: true, decisions: [one] } : one;
    }
    case "tools":
      return readToolCalls(text, finishReason);
    case "mcp":
      return readMcpCall(text);
  }
}

function readToolCalls(text: string, finishReason: string | null): ReadReply {
  if (finishReason === "length") return invalid("truncated", "the reply was cut off at the token limit");
  if (text.length > MAX_REPLY_CHARS) return invalid("too_large", `the reply is longer than ${MAX_REPLY_CHARS} characters`);
  const envelope = parseJsonObject(text, "the reply");
  if (!envelope.ok) return envelope;
  const message = ToolCallingMessage.safeParse(envelope.value);
  if (!message.success) return invalid("not_a_decision", "the reply is not an assistant message with tool calls");
  const calls = message.data.tool_calls ?? [];
  if (calls.length === 0) return invalid("not_a_decision", message.data.content?.trim() ? "the reply is text with no tool call: every decision is a call of a tool or of final_answer" : "the reply calls no tool");
  const decisions: ParsedDecision[] = [];
  for (const call of calls) {
    const name = call.function.name;
    const tool = name === FINAL_FUNCTION ? null : catalogueNameOf(name);
    if (tool === undefined) return invalid("not_a_decision", `the reply calls ${JSON.stringify(name.slice(0, 64))}, a function that was not offered`);
    const args = parseJsonObject(call.function.arguments, `the arguments of ${name}`);
    if (!args.ok) return args;
    const decision = tool === null ? finalOf(args.value) : decisionOf({ decision: "tool", tool, arguments: args.value });
    if (!decision.ok) return decision;
    decisions.push(decision);
  }
  return { ok: true, decisions };
}

function readMcpCall(text: string): ReadReply {
  const envelope = parseJsonObject(text, "the call");
  if (!envelope.ok) return envelope;
  const call = McpCall.safeParse(envelope.value);
  if (!call.success) return invalid("not_a_decision", "the call is not a tool name with arguments");
  const args = call.data.arguments ?? {};
  // An unknown name is recorded as the agent sent it, and the boundary denies it (tool_not_available).
  const decision = call.data.name === FINAL_MCP_TOOL ? finalOf(args) : decisionOf({ decision: "tool", tool: catalogueNameOf(call.data.name) ?? call.data.name, arguments: args });
  return decision.ok ? { ok: true, decisions: [decision] } : decision;
}

/** A final decision from a function's arguments. A `decision` among them is not the candidate's to set: it is named. */
function finalOf(args: Record<string, unknown>): ParsedDecision | InvalidReply {
  const fields = Object.fromEntries(Object.entries(args).filter(([key]) => key !== "decision"));
  const read = decisionOf({ decision: "final", ...fields });
  return read.ok && Object.hasOwn(args, "decision") ? { ...read, discarded: Object.freeze([...read.discarded, "decision"]) as string[] } : read;
}
