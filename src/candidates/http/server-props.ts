import { z } from "zod";
import type { FetchLike } from "./wire.ts";

// What a server says about itself beyond the OpenAI API. llama-server answers `GET /props` (at its
// root, not under /v1) with, among others, `total_slots`: how many requests it decodes at once.
const Props = z.object({ total_slots: z.number().int().positive() });

/** The server's origin for its own endpoints: `http://host:8080/v1/` → `http://host:8080`. */
const serverRoot = (baseUrl: string): string => baseUrl.replace(/\/+$/, "").replace(/\/v1$/, "");

/** How many slots the server says it has, or null when it does not say (vLLM, Ollama, a proxy). */
export async function serverSlots(baseUrl: string, headers: Record<string, string>, fetchImpl: FetchLike, signal?: AbortSignal): Promise<number | null> {
  try {
    const response = await fetchImpl(`${serverRoot(baseUrl)}/props`, { method: "GET", headers, ...(signal ? { signal } : {}) });
    if (!response.ok) return null;
    const parsed = Props.safeParse(JSON.parse(await response.text()));
    return parsed.success ? parsed.data.total_slots : null;
  } catch {
    return null;
  }
}
