import { z } from "zod";
import { RunEvent } from "./event.ts";
import { ScoredRunExport } from "./export.ts";

// What `npm run mcp -- --transport http --events` streams at GET /events: one server-sent event per
// message, its `data` one of these as JSON (docs/formats.md). A watcher that connects late is first sent
// the messages of every session whose run has not yet been scored, so it sees a live run from its start.

export const LIVE_SESSION_FORMAT = "finbound.live-session/v1";

/** Which session and run a message belongs to. `session` counts sessions from 1 in the order they opened. */
const SessionRef = {
  session: z.number().int().positive(),
  fixture: z.string(),
  trial: z.number().int().positive(),
  candidate: z.string(),
};

export const LiveMessage = z.discriminatedUnion("type", [
  /** First on every stream: what it is, and the version of the runtime that records its runs. */
  z.strictObject({ type: z.literal("hello"), format: z.literal(LIVE_SESSION_FORMAT), runtime_version: z.string() }),
  /** A session took its job. `client` is what the agent said it is when it connected (unverified). */
  z.strictObject({ type: z.literal("session_started"), ...SessionRef, client: z.strictObject({ name: z.string(), version: z.string() }).nullable() }),
  /** One event of the session's run, as the runtime recorded it. */
  z.strictObject({ type: z.literal("run_event"), ...SessionRef, event: RunEvent }),
  /** The run ended: scored and sealed, exactly the line written to the JSONL suite. */
  z.strictObject({ type: z.literal("run_scored"), ...SessionRef, run: ScoredRunExport }),
  /** The session closed; `ran` is false when it never started a run (its job goes to the next session). */
  z.strictObject({ type: z.literal("session_closed"), ...SessionRef, ran: z.boolean() }),
  /** The server is stopping: no more messages, and nothing to reconnect to. */
  z.strictObject({ type: z.literal("server_stopped") }),
]);
export type LiveMessage = z.infer<typeof LiveMessage>;
export type LiveSessionRef = Pick<Extract<LiveMessage, { type: "run_event" }>, keyof typeof SessionRef>;
