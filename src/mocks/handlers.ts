import { delay, http, HttpResponse } from "msw";
import type { Fixture } from "../schemas/fixture.ts";
import { simulateChat, simulatedModelsRoute, simulatedProps, type SimOptions, type SimReply } from "./simulated-model.ts";

const encoder = new TextEncoder();

/**
 * The one handler list: Node tests, the browser demo and Playwright all use it. `base` scopes the
 * handlers: "*" (any host, for tests) or a path such as "/sim", so that a real local model the
 * analyst connects to is never answered by the simulator.
 */
export function createHandlers(fixtures: readonly Fixture[], options: SimOptions, base = "*") {
  return [
    http.get(`${base}/props`, () => HttpResponse.json(simulatedProps(null))),
    http.get(`${base}/v1/models*`, ({ request }) => {
      const route = simulatedModelsRoute(new URL(request.url).pathname, fixtures);
      return route ? HttpResponse.json(route.body as Record<string, unknown>, { status: route.status }) : new HttpResponse(null, { status: 404 });
    }),
    http.post(`${base}/v1/chat/completions`, async ({ request }) => {
      const body: unknown = await request.json().catch(() => null);
      const sim = simulateChat(body, fixtures, options);
      await delay(sim.delayMs);
      return simResponse(sim);
    }),
  ];
}

/** A simulated reply as the HTTP response a real server would send. */
export function simResponse(sim: SimReply): Response {
  switch (sim.kind) {
    case "json":
      return HttpResponse.json(sim.body as Record<string, unknown>, { status: sim.status });
    case "text":
      return new HttpResponse(sim.body, { status: sim.status, headers: { "content-type": "application/json" } });
    case "drop":
      return HttpResponse.error();
    case "sse": {
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          for (const chunk of sim.chunks) controller.enqueue(encoder.encode(chunk));
          if (sim.done) {
            controller.enqueue(encoder.encode("data: [DONE]\n\n"));
            controller.close();
          } else {
            controller.error(new Error("connection reset"));
          }
        },
      });
      return new HttpResponse(stream, { headers: { "content-type": "text/event-stream" } });
    }
  }
}
