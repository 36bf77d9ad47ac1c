import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSimServer, type SimServer } from "../../src/mocks/loopback-server.ts";
import { simulatedFetch } from "../../src/mocks/sim-fetch.ts";
import { SIM_CREATED } from "../../src/mocks/simulated-model.ts";
import { loadFixtures } from "../support.ts";

// The simulated server answers in the fields OpenAI's own clients read: `created` and `owned_by` on
// models and replies, GET /v1/models/{id}, errors as `{ error: { message, type, param, code } }`.
// The same answers from the loopback server (`npm run sim`) and the in-process fetch.

const fixtures = loadFixtures();
let server: SimServer;
beforeAll(async () => {
  server = await startSimServer({ port: 0, fixtures, latencyScale: 0, slots: null });
});
afterAll(() => server.close());

type Fetch = (url: string, init: { method: string; headers: Record<string, string>; body?: string }) => Promise<Response>;
const simulated = simulatedFetch(fixtures);
const transports: [string, () => { base: string; fetch: Fetch }][] = [
  ["loopback server", () => ({ base: server.url, fetch: (url, init) => fetch(url, init) })],
  // The in-process fetch answers with real Response objects (msw's HttpResponse).
  ["in-process fetch", () => ({ base: "http://sim.local", fetch: async (url, init) => (await simulated(url, init)) as Response })],
];

const chat = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({ model: "finbound-sim/reference", messages: [{ role: "user", content: "Task fv-scenario-a. Request from the user: …" }], ...extra });

describe.each(transports)("the simulated server (%s)", (_name, transport) => {
  const get = async (path: string) => {
    const { base, fetch } = transport();
    const response = await fetch(`${base}${path}`, { method: "GET", headers: {} });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const post = async (body: string) => {
    const { base, fetch } = transport();
    const response = await fetch(`${base}/v1/chat/completions`, { method: "POST", headers: { "content-type": "application/json" }, body });
    return { status: response.status, body: response.headers.get("content-type")?.includes("json") ? ((await response.json()) as Record<string, unknown>) : await response.text() };
  };

  it("lists models with created and owned_by, and answers GET /v1/models/{id} for each", async () => {
    const list = await get("/v1/models");
    const data = list.body.data as { id: string }[];
    expect(data[0]).toEqual({ id: data[0]!.id, object: "model", created: SIM_CREATED, owned_by: "finbound" });
    for (const id of ["finbound-sim/reference", "finbound-sim/fault:http-500", "finbound-sim/susceptible:0.3"]) {
      expect(await get(`/v1/models/${id}`)).toEqual({ status: 200, body: { id, object: "model", created: SIM_CREATED, owned_by: "finbound" } });
    }
    expect(await get("/v1/models/finbound-sim%2Freference")).toMatchObject({ status: 200, body: { id: "finbound-sim/reference" } });
  });

  it("answers an unknown model with a 404 in the API's error shape", async () => {
    expect(await get("/v1/models/gpt-4o")).toEqual({ status: 404, body: { error: { message: "The model 'gpt-4o' does not exist", type: "invalid_request_error", param: "model", code: "model_not_found" } } });
    expect(await post(JSON.stringify({ model: "gpt-4o", messages: [] }))).toMatchObject({ status: 404, body: { error: { type: "invalid_request_error", code: "model_not_found" } } });
  });

  it("stamps replies and stream chunks with created", async () => {
    expect(await post(chat())).toMatchObject({ status: 200, body: { object: "chat.completion", created: SIM_CREATED } });
    const stream = (await post(chat({ stream: true }))).body as string;
    const chunks = stream.split("\n\n").filter((l) => l.startsWith("data: {")).map((l) => JSON.parse(l.slice(6)) as { created: number });
    expect(chunks.length).toBeGreaterThan(2);
    expect(chunks.every((c) => c.created === SIM_CREATED)).toBe(true);
  });

  it("takes the response formats the API takes and refuses any other with a 400 naming response_format", async () => {
    const schema = { type: "json_schema", json_schema: { name: "finbound_decision", strict: true, schema: { type: "object" } } };
    for (const format of [{ type: "text" }, { type: "json_object" }, schema]) expect((await post(chat({ response_format: format }))).status).toBe(200);
    for (const format of [{ type: "yaml" }, { type: "json_schema" }, { type: "json_schema", json_schema: { name: "has space", schema: {} } }, "json"]) {
      expect(await post(chat({ response_format: format }))).toMatchObject({ status: 400, body: { error: { type: "invalid_request_error", param: "response_format", code: "invalid_value" } } });
    }
  });
});
