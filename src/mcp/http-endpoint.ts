import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { LiveEvents } from "./live-events.ts";

/** The largest request body read: the SDK's own bound (a call's arguments are small). */
const MAX_BODY_BYTES = 4 * 1024 * 1024;

const LOOPBACK_NAMES = new Set(["127.0.0.1", "localhost", "[::1]", "::1"]);

/** What opens a session's MCP server (AgentServer; the transport bench's no-op server): null when no session is left. */
export interface SessionOpener {
  open(): Server | null;
}

export interface HttpEndpointOptions {
  agents: SessionOpener;
  host: string;
  /** 0 picks a free port. */
  port: number;
  /** Serve `GET /events` from this stream. */
  live: LiveEvents | null;
}

export interface HttpEndpoint {
  /** The MCP endpoint: `http://host:port/mcp`. */
  readonly url: string;
  /** `http://host:port/events`, when served. */
  readonly eventsUrl: string | null;
  close(): Promise<void>;
}

/**
 * Streamable HTTP at `/mcp`, one MCP session per `initialize` (each taking the plan's next job), and
 * the live stream at `/events`. Bound to loopback unless told otherwise; then only loopback Host
 * names are served and only loopback origins may call from a browser (a page elsewhere cannot reach
 * the tools by rebinding a name to 127.0.0.1).
 */
export async function startHttpEndpoint(o: HttpEndpointOptions): Promise<HttpEndpoint> {
  const transports = new Map<string, StreamableHTTPServerTransport>();
  const loopback = LOOPBACK_NAMES.has(o.host);
  const server = createServer((request, response) => {
    void route(request, response).catch(() => {
      if (!response.headersSent) jsonRpcError(response, 500, -32603, "internal error");
      else response.end();
    });
  });

  async function route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = new URL(request.url ?? "/", "http://endpoint").pathname;
    const origin = request.headers.origin ?? null;
    if (loopback && (!isLoopbackHost(request.headers.host) || (origin !== null && !isLoopbackOrigin(origin)))) {
      return jsonRpcError(response, 403, -32600, "this server answers only loopback hosts and origins");
    }
    if (path === "/events" && o.live && request.method === "GET") return o.live.attach(response, origin);
    if (path !== "/mcp") return jsonRpcError(response, 404, -32601, o.live ? "not found: the MCP endpoint is /mcp, the live stream /events" : "not found: the MCP endpoint is /mcp");
    const id = request.headers["mcp-session-id"];
    if (typeof id === "string") {
      const transport = transports.get(id);
      return transport ? transport.handleRequest(request, response) : jsonRpcError(response, 404, -32001, "Session not found");
    }
    if (request.method !== "POST") return jsonRpcError(response, 400, -32000, "Bad Request: No valid session ID provided");
    const body = await readJson(request);
    if (!body.ok) return jsonRpcError(response, body.status, -32700, body.message);
    if (!isInitializeRequest(body.value)) return jsonRpcError(response, 400, -32000, "Bad Request: No valid session ID provided");
    const mcp = o.agents.open();
    if (!mcp) return jsonRpcError(response, 503, -32000, "every job of this server's plan has been taken: no session is left to open");
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: randomUUID, onsessioninitialized: (sid) => void transports.set(sid, transport) });
    transport.onclose = () => {
      if (transport.sessionId) transports.delete(transport.sessionId);
    };
    await mcp.connect(transport);
    await transport.handleRequest(request, response, body.value);
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(o.port, o.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const base = `http://${o.host.includes(":") ? `[${o.host}]` : o.host}:${port}`;
  return {
    url: `${base}/mcp`,
    eventsUrl: o.live ? `${base}/events` : null,
    async close() {
      o.live?.stop();
      await Promise.all([...transports.values()].map((t) => t.close()));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function isLoopbackHost(host: string | undefined): boolean {
  if (!host) return false;
  const name = host.startsWith("[") ? host.slice(0, host.indexOf("]") + 1) : (host.split(":")[0] ?? "");
  return LOOPBACK_NAMES.has(name.toLowerCase());
}

function isLoopbackOrigin(origin: string): boolean {
  try {
    const url = new URL(origin);
    return (url.protocol === "http:" || url.protocol === "https:") && LOOPBACK_NAMES.has(url.hostname.toLowerCase());
  } catch {
    return false;
  }
}

async function readJson(request: IncomingMessage): Promise<{ ok: true; value: unknown } | { ok: false; status: number; message: string }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return { ok: false, status: 413, message: `the request body is larger than ${MAX_BODY_BYTES} bytes` };
    chunks.push(chunk as Buffer);
  }
  try {
    return { ok: true, value: JSON.parse(Buffer.concat(chunks).toString("utf8")) };
  } catch {
    return { ok: false, status: 400, message: "Parse error: the body is not JSON" };
  }
}

function jsonRpcError(response: ServerResponse, status: number, code: number, message: string): void {
  response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null }));
}
