import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { Fixture } from "../schemas/fixture.ts";
import { createSlots, type SlotStats, type SlotTimers } from "./sim-slots.ts";
import { MALFORMED_BODY, simulateChat, simulatedModelsRoute, simulatedProps, type SimReply } from "./simulated-model.ts";

/**
 * The simulated model as a real HTTP server on loopback (`npm run sim`, or a test in process): the same
 * replies as the msw handlers, and, like llama-server with `-np N`, at most `slots` requests processed
 * at once while the rest wait in arrival order.
 */
export interface SimServerOptions {
  /** 0: any free port. */
  port: number;
  fixtures: readonly Fixture[];
  /** Real milliseconds per scripted millisecond of latency (see SimOptions). */
  latencyScale: number;
  /** llama-server's `-np`; null: unlimited, no request ever waits. */
  slots: number | null;
  /** Gets one line per request that waited for a slot. Default: nowhere. */
  log?: (line: string) => void;
}

export interface SimServer {
  /** `http://127.0.0.1:<port>`, without a trailing slash. */
  url: string;
  /** What `GET /sim/stats` answers. */
  stats(): SlotStats;
  /** Stops listening and drops open connections: their requests count as cancelled. */
  close(): Promise<void>;
}

const CORS = { "access-control-allow-origin": "*", "access-control-allow-headers": "content-type, authorization", "access-control-allow-methods": "GET, POST, OPTIONS" };
const JSON_TYPE = { "content-type": "application/json", ...CORS };

/**
 * The host's clock, where a slot is held at least its processing time: Node's timers count from the
 * event loop's cached time and may fire early by performance.now(), which would answer a request
 * sooner than its timings say it was processed.
 */
const realTimers: SlotTimers = {
  now: () => performance.now(),
  setTimeout(run, ms) {
    const due = performance.now() + ms;
    const handle: { timer?: ReturnType<typeof setTimeout> } = {};
    const check = (): void => {
      const left = due - performance.now();
      if (left > 0) handle.timer = setTimeout(check, left);
      else run();
    };
    handle.timer = setTimeout(check, ms);
    return handle;
  },
  clearTimeout: (handle) => clearTimeout((handle as { timer?: ReturnType<typeof setTimeout> }).timer),
};

export async function startSimServer(options: SimServerOptions): Promise<SimServer> {
  const { fixtures, latencyScale } = options;
  const slots = createSlots(options.slots, realTimers, options.log);
  const json = (res: ServerResponse, value: unknown, status = 200): void => void res.writeHead(status, JSON_TYPE).end(JSON.stringify(value));

  const server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://sim").pathname;
    if (req.method === "OPTIONS") return void res.writeHead(204, CORS).end();
    if (req.method === "GET" && path.endsWith("/props")) return json(res, simulatedProps(options.slots));
    const route = req.method === "GET" ? simulatedModelsRoute(path, fixtures) : null;
    if (route) return json(res, route.body, route.status);
    if (req.method === "GET" && path === "/sim/stats") return json(res, slots.stats());
    if (req.method !== "POST" || !path.endsWith("/v1/chat/completions")) return void res.writeHead(404, CORS).end();
    // A client that closes its connection cancels its request: out of the queue, or its slot freed.
    let leave = (): void => {};
    let closed = false;
    res.on("close", () => {
      closed = true;
      leave();
    });
    let raw = "";
    req.on("data", (c: Buffer) => (raw += c.toString("utf8")));
    req.on("end", () => {
      if (closed) return;
      let body: unknown = null;
      try {
        body = JSON.parse(raw);
      } catch {
        return void res.writeHead(500, JSON_TYPE).end(MALFORMED_BODY);
      }
      const sim = simulateChat(body, fixtures, { latencyScale });
      leave = slots.submit({ processingMs: sim.delayMs, model: modelOf(body), answer: () => send(sim, req, res) });
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, "127.0.0.1", () => resolve());
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : options.port;
  return {
    url: `http://127.0.0.1:${port}`,
    stats: () => slots.stats(),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

const modelOf = (body: unknown): string => {
  const model = typeof body === "object" && body !== null ? (body as { model?: unknown }).model : undefined;
  return typeof model === "string" ? model : "(none)";
};

/** A simulated reply as the HTTP response a real server sends. */
function send(sim: SimReply, req: IncomingMessage, res: ServerResponse): void {
  switch (sim.kind) {
    case "json":
    case "text":
      res.writeHead(sim.status, JSON_TYPE);
      return void res.end(typeof sim.body === "string" ? sim.body : JSON.stringify(sim.body));
    case "drop":
      return void req.socket.destroy();
    case "sse":
      res.writeHead(200, { "content-type": "text/event-stream", ...CORS });
      for (const chunk of sim.chunks) res.write(chunk);
      if (sim.done) return void res.end("data: [DONE]\n\n");
      return void req.socket.destroy();
  }
}
