import type { FetchLike } from "../candidates/http/wire.ts";
import type { Fixture } from "../schemas/fixture.ts";
import { simResponse } from "./handlers.ts";
import { MALFORMED_BODY, simulateChat, simulatedModelsRoute, simulatedProps } from "./simulated-model.ts";

/**
 * The simulated model as a fetch function, in process: no server, no socket, no delay. For the
 * CLI's `--candidate simulated`, where a matrix of hundreds of runs should take seconds.
 */
export function simulatedFetch(fixtures: readonly Fixture[]): FetchLike {
  return async (url, init) => {
    const route = init.method === "GET" ? simulatedModelsRoute(new URL(url).pathname, fixtures) : null;
    if (route) return Response.json(route.body, { status: route.status });
    if (init.method === "GET" && url.endsWith("/props")) return Response.json(simulatedProps(null));
    if (init.method !== "POST" || !url.endsWith("/v1/chat/completions")) return new Response(null, { status: 404 });
    let body: unknown = null;
    try {
      body = JSON.parse(init.body ?? "null");
    } catch {
      return new Response(MALFORMED_BODY, { status: 500 });
    }
    const sim = simulateChat(body, fixtures, { latencyScale: 0 });
    if (sim.kind === "drop") throw new TypeError("fetch failed (the simulated server dropped the connection)");
    return simResponse(sim);
  };
}
