import { z } from "zod";
import { longestDecisionLength } from "./longest-decision.ts";

export const HttpSettings = z.object({
  /** The server's origin, e.g. http://127.0.0.1:8080 (a trailing /v1 is accepted too). */
  baseUrl: z.string().min(1),
  model: z.string().min(1),
  /** Kept in memory only: never written to an event, an export or a log. */
  apiKey: z.string().optional(),
  /** `json_schema` constrains sampling with the closed decision schema; `prompt_only` relies on the prompt. */
  responseFormat: z.enum(["json_schema", "prompt_only"]).default("json_schema"),
  /** Default: the longest valid decision at one token per character, so a grammar-constrained reply always ends. */
  maxTokens: z.number().int().positive().default(() => longestDecisionLength()),
  temperature: z.number().min(0).max(2).default(0),
  /** Sent as the request's `seed` (llama.cpp, vLLM and OpenAI honour it): trial t of a run uses seed + t − 1. */
  seed: z.number().int().nonnegative().optional(),
  stream: z.boolean().default(false),
  /** `json`: one JSON decision per reply (the reference); `tools`: the chat API's native tool calls. */
  protocol: z.enum(["json", "tools"]).default("json"),
});
export type HttpSettings = z.infer<typeof HttpSettings>;
export type HttpSettingsInput = z.input<typeof HttpSettings>;

/** `http://host:8080`, `http://host:8080/`, `http://host:11434/v1` → the `/v1/...` endpoint. */
export function endpoint(baseUrl: string, path: "chat/completions" | "models"): string {
  const base = baseUrl.replace(/\/+$/, "");
  return `${base.endsWith("/v1") ? base : `${base}/v1`}/${path}`;
}

/** The headers of every request to the server: JSON either way, and the key when there is one. */
export const headersFor = (settings: Pick<HttpSettings, "apiKey">): Record<string, string> => ({
  "content-type": "application/json",
  accept: "application/json, text/event-stream",
  ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}),
});

/** Settings as they may be recorded: everything but the key. */
export const publicSettings = (s: HttpSettings): Record<string, unknown> => {
  const { apiKey: _key, ...rest } = s;
  return { ...rest, apiKey: s.apiKey ? "(set, not recorded)" : "(none)" };
};
