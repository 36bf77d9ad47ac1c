import type { ServerResponse } from "node:http";
import { RUNTIME_VERSION } from "../runtime/canonical.ts";
import { LIVE_SESSION_FORMAT, type LiveMessage } from "../schemas/live-session.ts";

/** A comment line every so often keeps idle proxies and clients from dropping a quiet stream. */
const KEEP_ALIVE_MS = 15_000;

/**
 * The live stream of every session's run as server-sent events (`GET /events`): one message per
 * `LiveMessage` (docs/formats.md), numbered by `id`. The messages of a session are kept until its run
 * is scored (or it closes), so a watcher that connects in the middle of a run is sent it from its
 * start, in the order it happened; a finished run is in the JSONL suite, not replayed here.
 */
export class LiveEvents {
  readonly #watchers = new Set<ServerResponse>();
  readonly #open = new Map<number, { id: number; frame: string }[]>();
  #id = 0;
  #stopped = false;
  readonly #keepAlive = setInterval(() => this.#send(": keep-alive\n\n"), KEEP_ALIVE_MS);

  constructor() {
    this.#keepAlive.unref();
  }

  publish(message: LiveMessage): void {
    if (this.#stopped) return;
    this.#id += 1;
    const frame = `id: ${this.#id}\ndata: ${JSON.stringify(message)}\n\n`;
    if ("session" in message) {
      const kept = this.#open.get(message.session) ?? [];
      if (message.type === "session_closed" || message.type === "run_scored") this.#open.delete(message.session);
      else if (kept.push({ id: this.#id, frame }) === 1) this.#open.set(message.session, kept);
    }
    this.#send(frame);
  }

  /** A new watcher: the stream's opening, then what the open sessions have recorded so far, then everything as it comes. */
  attach(response: ServerResponse, allowOrigin: string | null): void {
    response.writeHead(200, {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache",
      connection: "keep-alive",
      ...(allowOrigin ? { "access-control-allow-origin": allowOrigin, vary: "Origin" } : {}),
    });
    const hello: LiveMessage = { type: "hello", format: LIVE_SESSION_FORMAT, runtime_version: RUNTIME_VERSION };
    response.write(`data: ${JSON.stringify(hello)}\n\n`);
    // Frames of several sessions interleave: their ids put them back in the order they were sent.
    const kept = [...this.#open.values()].flat().sort((a, b) => a.id - b.id);
    for (const { frame } of kept) response.write(frame);
    if (this.#stopped) {
      response.end();
      return;
    }
    this.#watchers.add(response);
    response.on("close", () => this.#watchers.delete(response));
  }

  /** Tells every watcher the server is stopping, and ends their streams. */
  stop(): void {
    if (this.#stopped) return;
    this.publish({ type: "server_stopped" });
    this.#stopped = true;
    clearInterval(this.#keepAlive);
    for (const watcher of this.#watchers) watcher.end();
    this.#watchers.clear();
  }

  #send(frame: string): void {
    for (const watcher of this.#watchers) watcher.write(frame);
  }
}
