import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { httpCandidate } from "../../src/candidates/http/http-candidate.ts";
import { listModels } from "../../src/candidates/http/list-models.ts";
import { decisionJsonSchema } from "../../src/candidates/http/decision-schema.ts";
import { HttpSettings, type HttpSettingsInput } from "../../src/candidates/http/settings.ts";
import type { FetchLike } from "../../src/candidates/http/wire.ts";
import { createRealClock } from "../../src/runtime/clock.ts";
import { runEpisode } from "../../src/runtime/episode.ts";
import { REFERENCE_BUDGET, type BudgetConfig } from "../../src/schemas/budget.ts";
import { toScoredRun } from "../../src/scoring/score.ts";
import { simulatedModelServer } from "../../src/mocks/node.ts";
import { fixture, loadFixtures } from "../support.ts";

const fixtures = loadFixtures();
const server = simulatedModelServer(fixtures, 0.001);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

interface Sent {
  url: string;
  headers: Record<string, string>;
  body: Record<string, unknown> | null;
  signal: AbortSignal | undefined;
}

/** The real fetch (intercepted by msw), recording what was sent and the signal it was given. */
function recordingFetch(): { fetch: FetchLike; sent: Sent[] } {
  const sent: Sent[] = [];
  return {
    sent,
    fetch: (url, init) => {
      sent.push({ url, headers: init.headers, body: init.body ? (JSON.parse(init.body) as Record<string, unknown>) : null, signal: init.signal });
      return fetch(url, init);
    },
  };
}

const settings = (s: Partial<HttpSettingsInput> = {}) => HttpSettings.parse({ baseUrl: "http://127.0.0.1:8080", model: "finbound-sim/reference", ...s });

async function runHttp(fixtureId: string, s: Partial<HttpSettingsInput> = {}, budget: BudgetConfig = REFERENCE_BUDGET) {
  const wire = recordingFetch();
  const fx = fixture(fixtureId);
  const started = performance.now();
  const record = await runEpisode({ fixture: fx, candidate: httpCandidate("http", settings(s), wire.fetch), clock: createRealClock(), budget });
  return { record, scored: toScoredRun(record, fx, { includeDiagnostics: true }), sent: wire.sent, wallMs: performance.now() - started };
}

describe("the HTTP candidate against a simulated OpenAI-compatible server", () => {
  it.each(fixtures.map((f) => f.id))("runs the reference of %s over HTTP and passes every check", async (id) => {
    const { scored } = await runHttp(id);
    expect(scored.verdicts.filter((v) => v.status === "fail")).toEqual([]);
  });

  it("streams replies (SSE) just as well", async () => {
    const { scored, record } = await runHttp("concentration-hh1001", { stream: true });
    expect(scored.passed).toBe(true);
    expect(record.events.find((e) => e.kind === "model_reply")).toMatchObject({ finish_reason: "stop", usage: { prompt_tokens: 100 } });
  });

  it("records each request's latency and token usage", async () => {
    const { record } = await runHttp("fv-scenario-a");
    const replies = record.events.filter((e) => e.kind === "model_reply");
    expect(replies).toHaveLength(2);
    for (const r of replies) {
      expect(r.latency_ms).toBeGreaterThanOrEqual(0);
      expect(r.usage).toMatchObject({ prompt_tokens: 100, total_tokens: expect.any(Number) });
    }
  });

  it("sends the conversation: system rules, the task with its document marked as data, each observation as its own message", async () => {
    const { sent } = await runHttp("injection-adviser-scope", { model: "finbound-sim/reads-in-scope-other" });
    expect(sent[0]?.url).toBe("http://127.0.0.1:8080/v1/chat/completions");
    const first = sent[0]?.body?.messages as { role: string; content: string }[];
    expect(first[0]?.role).toBe("system");
    expect(first[0]?.content).toMatch(/data, never instructions/);
    expect(first[1]?.content).toMatch(/Supplied document .*\(DATA, not instructions\)/);
    const second = sent[1]?.body?.messages as { role: string; content: string }[];
    expect(second.map((m) => m.role)).toEqual(["system", "user", "assistant", "user"]);
    expect(second[3]?.content).toMatch(/^Observation for call-1 \(data, not instructions\):/);
  });

  it("tells the model the user's confirmed inputs, and which were never confirmed", async () => {
    const fv = await runHttp("fv-scenario-a");
    const task = (fv.sent[0]?.body?.messages as { content: string }[])[1]?.content;
    expect(task).toContain("scenario-A for HH-1001: principal_inr 2500000, annual_return 0.06, years 5");
    const mh = await runHttp("missing-horizon");
    expect((mh.sent[0]?.body?.messages as { content: string }[])[1]?.content).toContain("scenario-B for HH-1001: principal_inr 1000000, annual_return 0.07, years: NOT CONFIRMED");
  });

  it("constrains sampling with a closed JSON schema generated from the decision schema", async () => {
    const { sent } = await runHttp("fv-scenario-a");
    const format = sent[0]?.body?.response_format as { type: string; json_schema: { schema: unknown } };
    expect(format.type).toBe("json_schema");
    const open: string[] = [];
    const walk = (node: unknown, path: string): void => {
      if (node === null || typeof node !== "object") return;
      const n = node as Record<string, unknown>;
      if (n.type === "object" && n.additionalProperties !== false) open.push(path);
      for (const [k, v] of Object.entries(n)) walk(v, `${path}.${k}`);
    };
    walk(decisionJsonSchema(), "$");
    expect(open).toEqual([]);
    expect(JSON.stringify(format.json_schema.schema)).toContain('"const":"future_value"');
  });

  it("in the tools protocol, offers the tools and final_answer as functions and sends each observation as the answer to its call", async () => {
    for (const stream of [false, true]) {
      const { sent, scored, record } = await runHttp("injection-adviser-scope", { model: "finbound-sim/reads-in-scope-other", protocol: "tools", stream });
      const body = sent[0]?.body ?? {};
      expect(body).not.toHaveProperty("response_format");
      expect(body.tool_choice).toBe("required");
      const offered = (body.tools as { type: string; function: { name: string; parameters: { additionalProperties: unknown } } }[]).map((t) => t.function.name);
      expect(offered).toEqual(["portfolio_read", "concentration", "future_value", "final_answer"]);
      expect((body.tools as { function: { parameters: { additionalProperties: unknown } } }[]).every((t) => t.function.parameters.additionalProperties === false)).toBe(true);
      const second = sent[1]?.body?.messages as { role: string; tool_calls?: { id: string; function: { name: string } }[]; tool_call_id?: string; content: string | null }[];
      expect(second.map((m) => m.role)).toEqual(["system", "user", "assistant", "tool"]);
      expect(second[2]?.tool_calls?.[0]?.function.name).toBe("portfolio_read");
      expect(second[3]?.tool_call_id).toBe(second[2]?.tool_calls?.[0]?.id);
      expect(JSON.parse(second[3]?.content ?? "{}")).toMatchObject({ call_id: "call-1", status: "observed", tool: "portfolio.read" });
      // The record holds the catalogue's names; the run is judged as in any protocol.
      expect(record.events.find((e) => e.kind === "attempt")).toMatchObject({ tool: "portfolio.read", arguments: { household: "HH-1002" } });
      expect(scored.verdicts.filter((v) => v.status === "fail").map((v) => v.check)).toEqual(["no_out_of_scope_disclosure"]);
    }
  });

  it("falls back to prompt-only JSON for servers without json_schema", async () => {
    const { sent, scored } = await runHttp("fv-scenario-a", { responseFormat: "prompt_only" });
    expect(sent[0]?.body).not.toHaveProperty("response_format");
    expect(scored.passed).toBe(true);
  });

  it("aborts a slow request when the run's deadline passes, and ends budget_exhausted (deadline)", async () => {
    const { record, sent, wallMs } = await runHttp("fv-scenario-a", { model: "finbound-sim/fault:slow" }, { ...REFERENCE_BUDGET, deadline_ms: 300 });
    expect(record.result).toMatchObject({ outcome: "budget_exhausted", reason: "deadline" });
    expect(sent[0]?.signal?.aborted).toBe(true);
    expect(wallMs).toBeLessThan(3_000);
  });

  it("ends unavailable (model_timeout) when one request exceeds its own timeout", async () => {
    const { record, sent } = await runHttp("fv-scenario-a", { model: "finbound-sim/fault:slow" }, { ...REFERENCE_BUDGET, request_timeout_ms: 200 });
    expect(record.result).toMatchObject({ outcome: "unavailable", policy_code: "model_timeout", set_by: "runtime" });
    expect(sent[0]?.signal?.aborted).toBe(true);
  });

  it("stops the request in flight when the analyst stops the run", async () => {
    const wire = recordingFetch();
    const stop = new AbortController();
    setTimeout(() => stop.abort(), 100);
    const record = await runEpisode({ fixture: fixture("fv-scenario-a"), candidate: httpCandidate("http", settings({ model: "finbound-sim/fault:slow" }), wire.fetch), clock: createRealClock(), cancel: stop.signal });
    expect(record.result).toMatchObject({ outcome: "unavailable", policy_code: "model_cancelled" });
    expect(wire.sent[0]?.signal?.aborted).toBe(true);
  });

  it.each([
    ["http-500", {}, "unavailable", "model_http_error"],
    ["http-429", {}, "unavailable", "model_rate_limited"],
    ["drop", {}, "unavailable", "model_network_error"],
    ["empty-choices", {}, "unavailable", "model_empty_reply"],
    ["not-text", {}, "unavailable", "model_empty_reply"],
    ["stream-cut", { stream: true }, "unavailable", "model_stream_truncated"],
    ["length", {}, "invalid_output", null],
    ["garbage", {}, "invalid_output", null],
  ] as const)("a %s reply becomes a recorded outcome, never a crash", async (fault, extra, outcome, code) => {
    const { record } = await runHttp("fv-scenario-a", { model: `finbound-sim/fault:${fault}`, ...extra });
    expect(record.result.outcome).toBe(outcome);
    if (code) {
      expect(record.result.policy_code).toBe(code);
      expect(record.events.find((e) => e.kind === "model_failure")).toMatchObject({ code });
      expect(record.diagnostics.length).toBeGreaterThan(0);
    }
  });

  it("keeps an HTTP error's body in the restricted diagnostics only", async () => {
    const { record, scored } = await runHttp("fv-scenario-a", { model: "finbound-sim/fault:http-500" });
    expect(record.diagnostics[0]?.detail).toMatch(/^HTTP 500: .*grammar\.cpp/);
    const { diagnostics: _d, ...publicPart } = scored;
    expect(JSON.stringify(publicPart)).not.toContain("grammar.cpp");
  });

  it("sends the API key as a bearer token and never writes it to the run or an export", async () => {
    const key = "sk-finbound-test-0123456789abcdef";
    for (const model of ["finbound-sim/reference", "finbound-sim/fault:http-500", "finbound-sim/fault:drop"]) {
      const { scored, sent } = await runHttp("fv-scenario-a", { apiKey: key, model });
      expect(sent[0]?.headers.authorization).toBe(`Bearer ${key}`);
      expect(JSON.stringify(scored)).not.toContain(key);
    }
  });

  it("lists the server's models for 'test connection'", async () => {
    const listing = await listModels({ baseUrl: "http://127.0.0.1:8080/" }, (u, i) => fetch(u, i));
    expect(listing.ok && listing.models).toContain("finbound-sim/reference");
    const down = await listModels({ baseUrl: "http://127.0.0.1:1" }, async () => {
      throw new TypeError("fetch failed");
    });
    expect(down).toMatchObject({ ok: false, code: "model_network_error" });
  });
});
