import { appStore, useStore } from "../../app/app-store.ts";
import type { WatchState } from "../../state/watch/watch-slice.ts";

/** What the watch is doing, in words. */
function statusText(watch: WatchState): string {
  switch (watch.status) {
    case "idle":
      return "Not watching.";
    case "connecting":
      return `Connecting to ${watch.url}…`;
    case "waiting":
      return `Connected to ${watch.url}: waiting for an agent's session.`;
    case "watching":
      return `${watch.started ? "Watching session" : "Session"} ${watch.session} (${watch.fixture})${watch.client ? ` of ${watch.client}` : ""}${watch.started ? "" : " opened: its run starts at its first call"}${watch.queued > 0 ? `; ${watch.queued} more waiting` : ""}.`;
    case "ended":
      return watch.text;
    case "failed":
      return `${watch.code}: ${watch.text}`;
  }
}

/**
 * Watch an agent: an agent built elsewhere reaches finbound's tools over MCP (`npm run mcp -- --transport
 * http --port N --events`); its sessions stream here, each shown as a run as it is recorded, judged when
 * it ends and kept in History.
 */
export function McpAgentWatch() {
  const baseUrl = useStore((s) => s.agentBaseUrl);
  const watch = useStore((s) => s.watch);
  const { setAgentBaseUrl, startWatching, stopWatching } = appStore.getState();
  const active = watch.status === "connecting" || watch.status === "waiting" || watch.status === "watching";
  return (
    <form className="local-model" aria-label="MCP agent" onSubmit={(e) => { e.preventDefault(); startWatching(); }}>
      <p className="muted" style={{ marginTop: 0 }}>
        Start <code>npm run mcp -- --transport http --port N --events</code> and point your agent at its <code>/mcp</code>; each session it opens is shown here as it is recorded, and kept in History when it ends.
      </p>
      <label>
        base URL of npm run mcp
        <input value={baseUrl} onChange={(e) => setAgentBaseUrl(e.target.value)} placeholder="http://127.0.0.1:8765" spellCheck={false} disabled={active} />
      </label>
      <div className="controls">
        {active ? (
          <button type="button" onClick={stopWatching}>Stop watching</button>
        ) : (
          <button type="submit" className="primary">Watch an agent</button>
        )}
        <span role="status" data-testid="watch-status" data-status={watch.status}>
          {watch.status === "failed" ? <span className="callout fail">{statusText(watch)}</span> : statusText(watch)}
        </span>
      </div>
    </form>
  );
}
