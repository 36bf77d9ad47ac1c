import type { Fixture } from "../../schemas/fixture.ts";
import { appStore, useStore } from "../../app/app-store.ts";
import { checkLocalMaxTokens, DEFAULT_LOCAL_MODEL, SIMULATED_FAULTS } from "../../state/model/model-slice.ts";
import { NetworkFailureNote } from "../shared/NetworkFailureNote.tsx";

/** The simulated model: the real HTTP adapter against a service worker that answers like a server. */
export function SimulatedModelPicker({ fixture, candidate }: { fixture: Fixture; candidate: string }) {
  const { selectCandidate } = appStore.getState();
  const options = [...Object.keys(fixture.candidates), ...SIMULATED_FAULTS.map((f) => `fault:${f}`)];
  return (
    <>
      <p className="muted" style={{ marginTop: 0 }}>
        A simulated OpenAI-compatible server (an msw service worker at <code>/sim</code>) replies as the chosen behaviour; the run goes through the real HTTP adapter on the real clock.
      </p>
      <label>
        behaviour{" "}
        <select value={candidate} onChange={(e) => selectCandidate(e.target.value)} aria-label="Simulated behaviour" data-testid="sim-behaviour">
          {options.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
      </label>{" "}
      <ProtocolSwitch />
    </>
  );
}

/** How the model is asked to decide: one JSON decision per reply, or the chat API's native tool calls. */
function ProtocolSwitch() {
  const protocol = useStore((s) => s.modelProtocol);
  const { setModelProtocol } = appStore.getState();
  return (
    <label>
      decides by{" "}
      <select value={protocol} onChange={(e) => setModelProtocol(e.target.value === "tools" ? "tools" : "json")} data-testid="model-protocol">
        <option value="json">one JSON decision per reply</option>
        <option value="tools">native tool calls (tools / tool_calls)</option>
      </select>
    </label>
  );
}

/** A local OpenAI-compatible server: llama.cpp, Ollama, vLLM, LM Studio. */
export function LocalModelForm() {
  const form = useStore((s) => s.localModel);
  const connection = useStore((s) => s.connection);
  const protocol = useStore((s) => s.modelProtocol);
  const { updateLocalModel, testConnection } = appStore.getState();
  const tokens = checkLocalMaxTokens(form);
  return (
    <form className="local-model" onSubmit={(e) => e.preventDefault()} aria-label="Local model">
      <label>
        base URL
        <input value={form.baseUrl} onChange={(e) => updateLocalModel({ baseUrl: e.target.value })} placeholder="http://127.0.0.1:8080 or /llm" spellCheck={false} />
      </label>
      <label>
        model
        <input value={form.model} onChange={(e) => updateLocalModel({ model: e.target.value })} list="local-models" placeholder="as the server names it" spellCheck={false} />
        <datalist id="local-models">{connection.status === "ok" && connection.models.map((m) => <option key={m} value={m} />)}</datalist>
      </label>
      <label>
        API key (memory only)
        <input type="password" value={form.apiKey} onChange={(e) => updateLocalModel({ apiKey: e.target.value })} autoComplete="off" />
      </label>
      <label>
        per-request timeout (ms)
        <input type="number" min={1000} max={30000} step={1000} value={form.requestTimeoutMs} onChange={(e) => updateLocalModel({ requestTimeoutMs: Math.max(1000, Math.min(30000, Number(e.target.value) || 15000)) })} />
      </label>
      <ProtocolSwitch />
      <label>
        output
        <select value={form.responseFormat} disabled={protocol === "tools"} onChange={(e) => updateLocalModel({ responseFormat: e.target.value === "prompt_only" ? "prompt_only" : "json_schema" })}>
          <option value="json_schema">JSON schema (grammar-constrained)</option>
          <option value="prompt_only">prompt only (servers without json_schema)</option>
        </select>
      </label>
      <label>
        max tokens (default {DEFAULT_LOCAL_MODEL.maxTokens}, the longest decision)
        <input type="number" min={1} step={1} value={form.maxTokens} onChange={(e) => updateLocalModel({ maxTokens: Math.trunc(Number(e.target.value)) || 0 })} aria-invalid={!tokens.ok} />
      </label>
      {!tokens.ok && <p className="callout fail" role="alert" data-testid="max-tokens-problem">{tokens.message}</p>}
      <label className="inline">
        <input type="checkbox" checked={form.stream} onChange={(e) => updateLocalModel({ stream: e.target.checked })} /> stream (SSE)
      </label>
      <div className="controls">
        <button type="button" onClick={() => void testConnection()} disabled={connection.status === "testing"}>
          Test connection
        </button>
        <span role="status" data-testid="connection">
          {connection.status === "testing" && "testing…"}
          {connection.status === "ok" && `${connection.models.length} model(s): ${connection.models.slice(0, 3).join(", ")}${connection.models.length > 3 ? "…" : ""}`}
          {connection.status === "failed" && <span className="callout fail">{connection.message}</span>}
        </span>
      </div>
      {connection.status === "failed" && connection.network && <NetworkFailureNote diagnosis={connection.network} />}
      {connection.status === "ok" && (
        <ul className="model-list">
          {connection.models.map((m) => (
            <li key={m}>
              <button type="button" aria-current={m === form.model} onClick={() => updateLocalModel({ model: m })}>{m}</button>
            </li>
          ))}
        </ul>
      )}
      <p className="muted">
        From the dev server or preview, base URL <code>/llm</code> goes through a same-origin proxy to <code>FINBOUND_LLM_URL</code> (default http://127.0.0.1:8080): no CORS set-up needed.
      </p>
    </form>
  );
}
