import type { ModelFailureCode } from "../../schemas/event.ts";
import { endpoint, headersFor, type HttpSettings } from "./settings.ts";
import { describeNetworkError, ModelList, redact, type FetchLike } from "./wire.ts";

export type ModelListing = { ok: true; models: string[] } | { ok: false; code: ModelFailureCode; detail: string };

/** `GET /v1/models`: the "test connection" of the workbench and the CLI. */
export async function listModels(settings: Pick<HttpSettings, "baseUrl" | "apiKey">, fetchImpl: FetchLike, signal?: AbortSignal): Promise<ModelListing> {
  try {
    const response = await fetchImpl(endpoint(settings.baseUrl, "models"), { method: "GET", headers: headersFor(settings), ...(signal ? { signal } : {}) });
    const text = await response.text();
    if (!response.ok) return { ok: false, code: response.status === 429 ? "model_rate_limited" : "model_http_error", detail: redact(`HTTP ${response.status}: ${text.slice(0, 500)}`, settings.apiKey) };
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return { ok: false, code: "model_http_error", detail: "the response is not a model list (not JSON)" };
    }
    const parsed = ModelList.safeParse(json);
    if (!parsed.success) return { ok: false, code: "model_http_error", detail: "the response is not a model list" };
    return { ok: true, models: parsed.data.data.map((m) => m.id) };
  } catch (error) {
    return { ok: false, code: "model_network_error", detail: redact(describeNetworkError(error), settings.apiKey) };
  }
}
