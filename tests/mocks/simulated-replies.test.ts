import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { simulatedModelServer } from "../../src/mocks/node.ts";
import { simulatedFetch } from "../../src/mocks/sim-fetch.ts";
import { simulateChat, UNLIMITED_SLOTS, type SimReply, type Timings } from "../../src/mocks/simulated-model.ts";
import { loadFixtures } from "../support.ts";

const fixtures = loadFixtures();
const ask = (model: string, extra: Record<string, unknown> = {}) =>
  simulateChat({ model, messages: [{ role: "user", content: "Task fv-scenario-a. …" }], ...extra }, fixtures, { latencyScale: 1 });

type Chunk = { choices: { finish_reason?: string }[]; timings?: Timings; usage?: { completion_tokens: number } };
/** The chunks of a streamed reply, parsed (`data: [DONE]` is not among them). */
const chunksOf = (model: string): Chunk[] => {
  const reply = ask(model, { stream: true });
  if (reply.kind !== "sse") throw new Error(`not streamed: ${reply.kind}`);
  return reply.chunks.map((c) => JSON.parse(c.replace(/^data: /, "")) as Chunk);
};
const finishReasons = (chunks: Chunk[]) => chunks.flatMap((c) => c.choices.flatMap((x) => (x.finish_reason ? [x.finish_reason] : [])));
const bodyOf = (reply: SimReply) => (reply.kind === "json" ? (reply.body as { timings?: Timings; usage?: { prompt_tokens: number; completion_tokens: number } }) : {});

describe("the simulated model's streamed replies", () => {
  it("end with the finish reason the unstreamed reply has", () => {
    expect(finishReasons(chunksOf("finbound-sim/fault:length"))).toEqual(["length"]);
    expect(finishReasons(chunksOf("finbound-sim/reference"))).toEqual(["stop"]);
  });
});

describe("the simulated model's llama.cpp timings", () => {
  it("split a completion's processing time between the prompt and the reply, and count its usage's tokens", () => {
    const reply = ask("finbound-sim/reference");
    const { timings, usage } = bodyOf(reply);
    expect(timings?.prompt_ms).toBeGreaterThan(0);
    expect(timings?.predicted_ms).toBeGreaterThan(timings?.prompt_ms ?? Infinity);
    expect((timings?.prompt_ms ?? 0) + (timings?.predicted_ms ?? 0)).toBeCloseTo(reply.delayMs, 9);
    expect(timings).toMatchObject({ prompt_n: usage?.prompt_tokens, predicted_n: usage?.completion_tokens });
    expect(timings?.predicted_per_second).toBeCloseTo(((timings?.predicted_n ?? 0) * 1000) / (timings?.predicted_ms ?? 1), 9);
  });

  it("are on every successful completion, a faulty one's too", () => {
    for (const fault of ["garbage", "length", "empty-choices", "not-text"]) expect(bodyOf(ask(`finbound-sim/fault:${fault}`)).timings, fault).toBeDefined();
  });

  it("are on a stream's final chunk, the one with the finish reason, and only there", () => {
    const chunks = chunksOf("finbound-sim/reference");
    const timed = chunks.filter((c) => c.timings !== undefined);
    expect(timed).toHaveLength(1);
    expect(finishReasons(timed)).toEqual(["stop"]);
    expect(timed[0]?.timings?.predicted_n).toBe(chunks.find((c) => c.usage)?.usage?.completion_tokens);
  });

  it("write a rate over no time or no tokens as null, as llama.cpp's JSON does", () => {
    const reply = simulateChat({ model: "finbound-sim/reference", messages: [{ role: "user", content: "Task fv-scenario-a. …" }] }, fixtures, { latencyScale: 0 });
    expect(bodyOf(reply).timings).toMatchObject({ prompt_ms: 0, predicted_ms: 0, prompt_per_second: null, predicted_per_second: null });
  });
});

describe("GET /props where the simulator has no slots", () => {
  const msw = simulatedModelServer(fixtures);
  beforeAll(() => msw.listen({ onUnhandledRequest: "error" }));
  afterAll(() => msw.close());

  it("answers the same total_slots through msw and the in-process fetch", async () => {
    const viaMsw = (await (await fetch("http://127.0.0.1:8080/props")).json()) as unknown;
    const viaFetch = JSON.parse(await (await simulatedFetch(fixtures)("http://sim/props", { method: "GET", headers: {} })).text()) as unknown;
    expect(viaMsw).toEqual({ total_slots: UNLIMITED_SLOTS });
    expect(viaFetch).toEqual(viaMsw);
  });
});

describe("the simulated model as the model of an agent framework that reaches finbound over MCP", () => {
  const fn = (name: string) => ({ type: "function", function: { name, parameters: { type: "object" } } });
  const mcpTools = ["portfolio_read", "concentration", "future_value", "submit_final"].map(fn);
  /** The task as an MCP agent is given it: instructions first, the "Task <id>." line after them, in text parts. */
  const agentTask = [{ type: "text", text: "You are a financial assistant running inside finbound…\n\nTask injection-adviser-scope. Request from the user: …" }];
  const callOf = (reply: SimReply) => (bodyOf(reply) as { choices?: { message: { tool_calls?: { function: { name: string } }[] } }[] }).choices?.[0]?.message.tool_calls?.[0]?.function.name;

  it("finds the task on a line of the first user message, in text parts too, and calls the final function offered", () => {
    const asked = (model: string, tools: unknown[]) => simulateChat({ model, tools, messages: [{ role: "system", content: "Be helpful." }, { role: "user", content: agentTask }] }, fixtures, { latencyScale: 0 });
    expect(callOf(asked("finbound-sim/reference", mcpTools))).toBe("submit_final");
    expect(callOf(asked("finbound-sim/reads-in-scope-other", mcpTools))).toBe("portfolio_read");
    // finbound's own tools protocol offers final_answer: that is what is called there.
    expect(callOf(asked("finbound-sim/reference", [...mcpTools.slice(0, 3), fn("final_answer")]))).toBe("final_answer");
  });
});
