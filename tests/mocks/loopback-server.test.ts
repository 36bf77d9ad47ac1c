import { afterEach, describe, expect, it } from "vitest";
import { startSimServer, type SimServer } from "../../src/mocks/loopback-server.ts";
import { simulateChat, UNLIMITED_SLOTS, type Timings } from "../../src/mocks/simulated-model.ts";
import { loadFixtures } from "../support.ts";

// The loopback server in this process, reached with Node's fetch. Nothing is asserted against the
// host's clock: requests are sent one by one once the server's counters show the previous one placed,
// so their order is known however loaded the machine is, and the relations asserted hold at any speed.

const fixtures = loadFixtures();
const LATENCY_SCALE = 0.05;
let server: SimServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const chatBody = (model: string) => ({ model, messages: [{ role: "user", content: "Task fv-scenario-a. Request from the user: …" }] });
/** A chat completion, with the wall time the client saw from sending it to having read the whole reply. */
async function chat(url: string, model: string, signal?: AbortSignal) {
  const started = performance.now();
  const response = await fetch(`${url}/v1/chat/completions`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(chatBody(model)), ...(signal ? { signal } : {}) });
  const body = (await response.json()) as { model: string; timings: Timings };
  return { status: response.status, model: body.model, timings: body.timings, wallMs: performance.now() - started };
}
const getJson = async (url: string): Promise<unknown> => (await fetch(url)).json();
/** Waits, on the event loop, until the server's counters satisfy `ready`; a hang is the test's time limit. */
async function until(ready: () => boolean): Promise<void> {
  while (!ready()) await new Promise((resolve) => setTimeout(resolve, 2));
}
/** A request that holds the slot until its client leaves: fault:slow's processing time is a minute. */
function holdSlot(url: string): AbortController {
  const holder = new AbortController();
  void chat(url, "finbound-sim/fault:slow", holder.signal).catch(() => undefined);
  return holder;
}

describe("npm run sim -- --slots 1, started in process", () => {
  it("queues requests beyond the slot in arrival order, and keeps their wait out of prompt_ms and predicted_ms", async () => {
    const log: string[] = [];
    const sim = (server = await startSimServer({ port: 0, fixtures, latencyScale: LATENCY_SCALE, slots: 1, log: (line) => log.push(line) }));
    expect(await getJson(`${sim.url}/props`)).toEqual({ total_slots: 1 });
    const holder = holdSlot(sim.url);
    await until(() => sim.stats().decoding === 1);
    const models = ["finbound-sim/reference", "finbound-sim/alters-input", "finbound-sim/reads-other-household"];
    const replies: ReturnType<typeof chat>[] = [];
    for (const [i, model] of models.entries()) {
      replies.push(chat(sim.url, model));
      await until(() => sim.stats().queued === i + 1);
    }
    holder.abort();
    const answered = await Promise.all(replies);

    expect(log.map((line) => /^queued \d+\.\d\d s for a slot \(model (.+)\)$/.exec(line)?.[1])).toEqual(models);
    const stats = sim.stats();
    expect(stats).toMatchObject({ slots: 1, requests: 4, decoding: 0, queued: 0, max_queued: 3, waited: 3, answered: 3, cancelled: 1 });
    expect(await getJson(`${sim.url}/sim/stats`)).toEqual(stats);
    expect(stats.queued_ms_total).toBeGreaterThan(0);
    for (const [i, reply] of answered.entries()) {
      expect(reply).toMatchObject({ status: 200, model: models[i] });
      // The processing time alone, however long the request waited.
      const processingMs = simulateChat(chatBody(models[i] ?? ""), fixtures, { latencyScale: LATENCY_SCALE }).delayMs;
      expect(reply.timings.prompt_ms + reply.timings.predicted_ms).toBeCloseTo(processingMs, 6);
    }
    // What the client waited beyond prompt_ms and predicted_ms holds every wait for the slot.
    const beyondTimings = answered.reduce((sum, r) => sum + r.wallMs - r.timings.prompt_ms - r.timings.predicted_ms, 0);
    expect(beyondTimings).toBeGreaterThanOrEqual(stats.queued_ms_total);
  });

  it("takes a request out of the queue when its client leaves, and frees the slot when the holder's client leaves", async () => {
    const log: string[] = [];
    const sim = (server = await startSimServer({ port: 0, fixtures, latencyScale: LATENCY_SCALE, slots: 1, log: (line) => log.push(line) }));
    const holder = holdSlot(sim.url);
    await until(() => sim.stats().decoding === 1);
    const waiting = holdSlot(sim.url);
    await until(() => sim.stats().queued === 1);
    waiting.abort();
    await until(() => sim.stats().cancelled === 1);
    expect(sim.stats()).toMatchObject({ decoding: 1, queued: 0, waited: 1 });
    expect(log).toEqual([expect.stringMatching(/^queued \d+\.\d\d s for a slot, then its client left \(model finbound-sim\/fault:slow\)$/)]);
    holder.abort();
    await until(() => sim.stats().cancelled === 2);
    expect(sim.stats()).toMatchObject({ decoding: 0, queued: 0, answered: 0 });
    expect(await chat(sim.url, "finbound-sim/reference")).toMatchObject({ status: 200 });
  });
});

describe("npm run sim without --slots, started in process", () => {
  it("answers every request at once and says so at /props", async () => {
    const sim = (server = await startSimServer({ port: 0, fixtures, latencyScale: LATENCY_SCALE, slots: null }));
    expect(await getJson(`${sim.url}/props`)).toEqual({ total_slots: UNLIMITED_SLOTS });
    await Promise.all(Array.from({ length: 8 }, () => chat(sim.url, "finbound-sim/reference")));
    expect(sim.stats()).toMatchObject({ slots: null, requests: 8, max_queued: 0, waited: 0, answered: 8 });
  });
});
