import { describe, expect, it } from "vitest";
import { simulateChat } from "../../src/mocks/simulated-model.ts";
import { loadFixtures } from "../support.ts";

const fixtures = loadFixtures();
const ask = (model: string, extra: Record<string, unknown> = {}) =>
  simulateChat({ model, messages: [{ role: "user", content: "Task fv-scenario-a. …" }], ...extra }, fixtures, { latencyScale: 1 });

/** The chunks of a streamed reply, parsed (`data: [DONE]` is not among them). */
const chunksOf = (model: string): Record<string, unknown>[] => {
  const reply = ask(model, { stream: true });
  if (reply.kind !== "sse") throw new Error(`not streamed: ${reply.kind}`);
  return reply.chunks.map((c) => JSON.parse(c.replace(/^data: /, "")) as Record<string, unknown>);
};
const finishReasons = (chunks: Record<string, unknown>[]) => chunks.flatMap((c) => (c.choices as { finish_reason?: string }[]).flatMap((x) => (x.finish_reason ? [x.finish_reason] : [])));

describe("the simulated model's streamed replies", () => {
  it("end with the finish reason the unstreamed reply has", () => {
    expect(finishReasons(chunksOf("finbound-sim/fault:length"))).toEqual(["length"]);
    expect(finishReasons(chunksOf("finbound-sim/reference"))).toEqual(["stop"]);
  });
});
