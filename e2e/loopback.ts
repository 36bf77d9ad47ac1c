import { createServer, type RequestListener, type Server } from "node:http";
import type { Page } from "@playwright/test";

/** Loopback servers a spec starts for itself: a model server with the wrong CORS headers, a free port. */

export interface Loopback {
  port: number;
  origin: string;
  close(): Promise<void>;
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", reject);
      const address = server.address();
      resolve(typeof address === "object" && address ? address.port : port);
    });
  });
}

/** Starts `handler` on `port` (0: any free port) on 127.0.0.1. */
export async function startLoopback(handler: RequestListener, port = 0): Promise<Loopback> {
  const server = createServer(handler);
  const bound = await listen(server, port);
  return {
    port: bound,
    origin: `http://127.0.0.1:${bound}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Whether nothing listens on 127.0.0.1:port right now (another agent or a real model server may). */
async function isFree(port: number): Promise<boolean> {
  try {
    const probe = await startLoopback((_req, res) => res.end(), port);
    await probe.close();
    return true;
  } catch {
    return false;
  }
}

/**
 * The loopback ports the page's own Content-Security-Policy lets it connect to (its connect-src),
 * read from the page, so the spec follows whatever FINBOUND_CONNECT_SRC the app was built with.
 */
export async function connectSrcPorts(page: Page): Promise<number[]> {
  const policy = (await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute("content")) ?? "";
  const connect = /connect-src([^;]*)/.exec(policy)?.[1] ?? "";
  return [...connect.matchAll(/http:\/\/127\.0\.0\.1:([0-9]+)/g)].map((m) => Number(m[1]));
}

/** The first `count` ports of `ports` that nothing listens on. */
export async function freePorts(ports: readonly number[], count: number): Promise<number[]> {
  const free: number[] = [];
  for (const port of ports) {
    if (free.length === count) break;
    if (await isFree(port)) free.push(port);
  }
  if (free.length < count) throw new Error(`need ${count} free port(s) among ${ports.join(", ")}; found ${free.join(", ") || "none"}`);
  return free;
}
