import type { StateCreator } from "zustand";
import { REFERENCE_BUDGET } from "../../schemas/budget.ts";
import type { RunEvent } from "../../schemas/event.ts";
import type { ScoredRunExport } from "../../schemas/export.ts";
import { LiveMessage } from "../../schemas/live-session.ts";
import type { ScoredRun } from "../../schemas/scored-run.ts";
import type { StoreDeps } from "../deps.ts";
import { unavailable } from "../on-demand.ts";
import type { Store } from "../store.ts";
import { fixtureById } from "../workspace/workspace-slice.ts";

// Watch an agent: the live stream of `npm run mcp -- --transport http --events` (GET /events, one
// LiveMessage per server-sent event, docs/formats.md) shown as runs in the workbench. Each session's run
// goes through the run slice's live-run path, the one a scripted run takes, so its timeline,
// deny-vs-disclose panel and verdicts are the same, and the finished run is saved to the history.
// Sessions are shown one at a time, in the order they opened; a session that opens while another is
// shown waits its turn, its events kept.


export type WatchState =
  | { status: "idle" }
  | { status: "connecting"; url: string }
  /** Connected; no session is being shown. */
  | { status: "waiting"; url: string }
  /** A session is open (`started`: its run has begun, at its first call) and shown; `queued` more wait their turn. */
  | { status: "watching"; url: string; session: number; fixture: string; client: string | null; started: boolean; queued: number }
  /** The stream has ended: the server stopped, or the analyst stopped watching. */
  | { status: "ended"; url: string; text: string }
  | { status: "failed"; url: string; code: "live_stream_unreachable" | "live_stream_invalid"; text: string };

export interface WatchSlice {
  /** Where `npm run mcp -- --transport http --events` serves (its /events is read). */
  agentBaseUrl: string;
  watch: WatchState;
  setAgentBaseUrl(url: string): void;
  /** Connects to the base URL's live stream and shows each session's run as it is recorded. */
  startWatching(): void;
  /** Closes the stream; a run being shown ends there, not judged and not saved. */
  stopWatching(): void;
}

/** The port the docs start `npm run mcp -- --transport http` on, which the built page's CSP lets it reach. */
export const DEFAULT_AGENT_BASE_URL = "http://127.0.0.1:8765";

interface Session {
  readonly ref: { session: number; fixture: string; trial: number; candidate: string };
  client: string | null;
  events: RunEvent[];
  scored: ScoredRunExport | null;
  /** The run slice's key while this session is shown. */
  key: number | null;
}

/** The live stream's address for a base URL as the analyst typed it (with or without /mcp or /events). */
export function eventsUrlOf(baseUrl: string, resolve: (url: string) => string): string {
  const base = resolve(baseUrl.trim()).replace(/\/+$/, "").replace(/\/(mcp|events)$/, "");
  return `${base}/events`;
}

export const createWatchSlice =
  (deps: StoreDeps): StateCreator<Store, [], [], WatchSlice> =>
  (set, get) => {
    let stream: { close(): void } | null = null;
    /** Open sessions, in the order they opened; the first is the one shown. */
    let sessions: Session[] = [];
    /** The highest SSE id taken: a reconnected stream sends the open sessions' messages again. */
    let lastId = 0;
    let generation = 0;

    const fail = (url: string, code: "live_stream_unreachable" | "live_stream_invalid", text: string): void => {
      stream?.close();
      stream = null;
      set({ watch: { status: "failed", url, code, text }, notice: { kind: "error", text: `${code}: ${text}` } });
    };

    const describe = (url: string): void => {
      const shown = sessions[0];
      if (!shown) set({ watch: { status: "waiting", url } });
      else set({ watch: { status: "watching", url, session: shown.ref.session, fixture: shown.ref.fixture, client: shown.client, started: shown.key !== null, queued: sessions.length - 1 } });
    };

    /** The workbench's own verdicts on the recorder's sealed run: the run's record, scored here as an import re-scores. */
    const scoredOf = async (sealed: ScoredRunExport): Promise<ScoredRun | null> => {
      const fixture = fixtureById(get(), sealed.fixture.id);
      if (!fixture) return null;
      let toScoredRun: typeof import("../../scoring/score.ts").toScoredRun;
      try {
        ({ toScoredRun } = await import("../../scoring/score.ts"));
      } catch (error) {
        set({ notice: { kind: "error", text: unavailable("the scorer", error, "the agent's run is shown without the workbench's verdicts") } });
        return null;
      }
      const record = { fixture: fixture.id, candidate: sealed.candidate.name, events: sealed.events, result: sealed.result, diagnostics: [], unusedReplies: sealed.unused_replies };
      return { ...toScoredRun(record, fixture), ...(sealed.trial === undefined ? {} : { trial: sealed.trial }) };
    };

    /** Shows the first open session once it has a run, with what it recorded so far; a finished one lands in the history at once. */
    async function showNext(url: string): Promise<void> {
      for (;;) {
        const next = sessions[0];
        if (!next || next.key !== null || next.events.length === 0) return describe(url);
        const fixture = fixtureById(get(), next.ref.fixture);
        if (!fixture) {
          sessions.shift();
          set({ notice: { kind: "error", text: `unknown_fixture: session ${next.ref.session} runs ${next.ref.fixture}, a fixture this workbench does not have; it is not shown.` } });
          continue;
        }
        const started = next.events[0];
        const budget = started?.kind === "run_started" ? started.budget : REFERENCE_BUDGET;
        get().selectFixture(fixture.id);
        next.key = get().beginLiveRun({ fixtureId: fixture.id, candidate: next.ref.candidate, kind: "mcp", budget });
        for (const event of next.events) get().appendLiveEvent(next.key, event);
        describe(url);
        if (!next.scored) return;
        await finish(next);
      }
    }

    async function finish(session: Session): Promise<void> {
      sessions = sessions.filter((s) => s !== session);
      if (session.key !== null && session.scored) await get().endLiveRun(session.key, await scoredOf(session.scored));
    }

    async function take(url: string, message: LiveMessage): Promise<void> {
      switch (message.type) {
        case "hello":
          if (get().watch.status === "connecting") set({ watch: { status: "waiting", url } });
          return;
        case "session_started":
          if (!sessions.some((s) => s.ref.session === message.session)) {
            sessions.push({ ref: { session: message.session, fixture: message.fixture, trial: message.trial, candidate: message.candidate }, client: message.client ? `${message.client.name} ${message.client.version}` : null, events: [], scored: null, key: null });
          }
          return describe(url);
        case "run_event": {
          const session = sessions.find((s) => s.ref.session === message.session);
          if (!session) return;
          session.events.push(message.event);
          if (session.key !== null) get().appendLiveEvent(session.key, message.event);
          else if (session === sessions[0]) await showNext(url);
          return;
        }
        case "run_scored": {
          const session = sessions.find((s) => s.ref.session === message.session);
          if (!session) return;
          session.scored = message.run;
          if (session.events.length === 0) session.events = [...message.run.events];
          if (session !== sessions[0]) return;
          if (session.key === null) return showNext(url);
          await finish(session);
          return showNext(url);
        }
        case "session_closed": {
          // A session that ran has its run_scored still to come (or the server stopped it): kept for it.
          if (message.ran) return;
          sessions = sessions.filter((s) => s.ref.session !== message.session);
          return showNext(url);
        }
        case "server_stopped":
          end(url, "The server stopped: no more sessions will come.");
          return;
      }
    }

    /** The stream is over: a run still shown ends without a verdict (its recorder never finished it). */
    function end(url: string, text: string): void {
      stream?.close();
      stream = null;
      generation += 1;
      const shown = sessions.find((s) => s.key !== null);
      sessions = [];
      if (shown?.key != null) void get().endLiveRun(shown.key, null);
      set({ watch: { status: "ended", url, text } });
    }

    return {
      agentBaseUrl: DEFAULT_AGENT_BASE_URL,
      watch: { status: "idle" },
      setAgentBaseUrl: (agentBaseUrl) => set({ agentBaseUrl }),
      startWatching() {
        if (!deps.openEventStream) return;
        get().stopWatching();
        const url = eventsUrlOf(get().agentBaseUrl, deps.resolveUrl);
        const mine = ++generation;
        sessions = [];
        lastId = 0;
        let opened = false;
        // Messages are taken one after another: showing a finished run awaits its save to the history.
        let queue: Promise<void> = Promise.resolve();
        set({ watch: { status: "connecting", url } });
        stream = deps.openEventStream(url, {
          open: () => void (opened = true),
          message(data, id) {
            if (mine !== generation) return;
            const n = Number(id);
            if (id !== "" && Number.isInteger(n)) {
              if (n <= lastId) return;
              lastId = n;
            }
            let parsed: ReturnType<typeof LiveMessage.safeParse>;
            try {
              parsed = LiveMessage.safeParse(JSON.parse(data));
            } catch {
              return fail(url, "live_stream_invalid", `a message from ${url} is not JSON: is this finbound's live stream?`);
            }
            if (!parsed.success) {
              const issue = parsed.error.issues[0];
              return fail(url, "live_stream_invalid", `a message from ${url} is not a finbound.live-session/v1 message (${issue ? `${issue.path.join(".") || "message"}: ${issue.message}` : "unreadable"})`);
            }
            const message = parsed.data;
            queue = queue.then(() => (mine === generation ? take(url, message) : undefined));
          },
          error(closed) {
            if (mine !== generation) return;
            if (!opened || closed) {
              fail(url, "live_stream_unreachable", opened ? `the stream at ${url} closed` : `could not connect to ${url}: is \`npm run mcp -- --transport http --port N --events\` running there, on a port this page may connect to?`);
            }
          },
        });
      },
      stopWatching() {
        if (!stream) return;
        end(get().watch.status === "idle" ? "" : (get().watch as { url: string }).url, "You stopped watching.");
      },
    };
  };
