import { describe, expect, it, vi } from "vitest";
import type { FetchLike } from "../../src/candidates/http/wire.ts";
import type { NetworkFailureKind, NetworkProbe } from "../../src/state/model/network-failure.ts";
import { makeStore } from "./test-deps.ts";

// In the browser a dead port, a CORS refusal and a CSP block all reject fetch alike. The store
// keeps recording `model_network_error` and asks the injected probe which it was, to tell the analyst.
const refusing: FetchLike = async () => {
  throw new TypeError("Failed to fetch");
};
const http500: FetchLike = async () => ({ ok: false, status: 500, text: async () => "boom" });

const probeSaying = (kind: NetworkFailureKind) => vi.fn<NetworkProbe>(async () => kind);

async function testConnection(kind: NetworkFailureKind, baseUrl = "http://127.0.0.1:8080") {
  const probe = probeSaying(kind);
  const store = makeStore({ fetch: refusing, probeNetworkFailure: probe, pageOrigin: "http://127.0.0.1:4173" });
  store.getState().updateLocalModel({ baseUrl });
  await store.getState().testConnection();
  return { connection: store.getState().connection, probe };
}

describe("test connection names the browser failure and its fix", () => {
  it("no server: start it with an explicit port, check the URL", async () => {
    const { connection } = await testConnection("no_server", "http://127.0.0.1:1");
    expect(connection).toMatchObject({ status: "failed", message: "model_network_error: could not list models at http://127.0.0.1:1", network: { kind: "no_server" } });
    if (connection.status !== "failed") throw new Error("unreachable");
    expect(connection.network?.summary).toMatch(/No server answered at http:\/\/127\.0\.0\.1:1/);
    expect(connection.network?.fix).toMatch(/explicit --port/);
  });

  it("CORS: --cors-origins with this page's origin as its one value, or the /llm proxy", async () => {
    const { connection } = await testConnection("cors");
    if (connection.status !== "failed") throw new Error(`expected a failure, got ${connection.status}`);
    expect(connection.network?.kind).toBe("cors");
    expect(connection.network?.summary).toMatch(/CORS/);
    expect(connection.network?.fix).toContain("--cors-origins http://127.0.0.1:4173 (one value");
    expect(connection.network?.fix).toContain("base URL /llm");
  });

  it("CSP: the /llm proxy, or a build with FINBOUND_CONNECT_SRC naming the server", async () => {
    const { connection } = await testConnection("csp", "http://127.0.0.1:9999/v1");
    if (connection.status !== "failed") throw new Error(`expected a failure, got ${connection.status}`);
    expect(connection.network?.kind).toBe("csp");
    expect(connection.network?.summary).toMatch(/Content-Security-Policy \(connect-src\) does not allow http:\/\/127\.0\.0\.1:9999/);
    expect(connection.network?.fix).toContain('FINBOUND_CONNECT_SRC="http://127.0.0.1:9999"');
    expect(connection.network?.fix).toContain("base URL /llm");
  });

  it("the probe is asked about the models endpoint, with the headers the request carried (they decide the preflight)", async () => {
    const probe = probeSaying("cors");
    const store = makeStore({ fetch: refusing, probeNetworkFailure: probe });
    store.getState().updateLocalModel({ baseUrl: "http://127.0.0.1:8080", apiKey: "sk-test" });
    await store.getState().testConnection();
    expect(probe).toHaveBeenCalledWith({ url: "http://127.0.0.1:8080/v1/models", headers: expect.objectContaining({ authorization: "Bearer sk-test", "content-type": "application/json" }) });
  });

  it("a server that answered with an error is not a network failure: no probe, no diagnosis", async () => {
    const probe = probeSaying("cors");
    const store = makeStore({ fetch: http500, probeNetworkFailure: probe });
    await store.getState().testConnection();
    expect(store.getState().connection).toEqual({ status: "failed", message: "model_http_error: could not list models at http://127.0.0.1:8080" });
    expect(probe).not.toHaveBeenCalled();
  });

  it("an answer about a base URL the analyst has since changed is dropped", async () => {
    let release: () => void = () => {};
    const slow: FetchLike = () => new Promise((_, reject) => (release = () => reject(new TypeError("Failed to fetch"))));
    const store = makeStore({ fetch: slow, probeNetworkFailure: probeSaying("no_server") });
    const testing = store.getState().testConnection();
    store.getState().updateLocalModel({ baseUrl: "/llm" });
    release();
    await testing;
    expect(store.getState().connection).toEqual({ status: "untested" });
  });
});

describe("a live run that got no response", () => {
  async function failedRun(kind: NetworkFailureKind, fetch: FetchLike = refusing) {
    const probe = probeSaying(kind);
    const store = makeStore({ fetch, probeNetworkFailure: probe, pageOrigin: "http://127.0.0.1:4173" });
    store.getState().selectFixture("fv-scenario-a", "reference");
    store.getState().setCandidateKind("local");
    store.getState().updateLocalModel({ baseUrl: "http://127.0.0.1:8080", model: "m" });
    await store.getState().startRun();
    return { store, probe };
  }

  it.each(["no_server", "cors", "csp"] as const)("keeps the recorded outcome unavailable / model_network_error and notes why (%s)", async (kind) => {
    const { store } = await failedRun(kind);
    const run = store.getState().run;
    expect(run?.scored).toMatchObject({ outcome: "unavailable", result: { policy_code: "model_network_error", set_by: "runtime" } });
    expect(run?.network).toMatchObject({ kind, baseUrl: "http://127.0.0.1:8080" });
    // The note is the workbench's reading, not part of the record: an export does not carry it.
    const exported = await store.getState().exportRun({ includeDiagnostics: true });
    expect(exported?.text).not.toContain(run?.network?.summary ?? "(none)");
  });

  it("a run that failed otherwise (HTTP 500) gets no network note", async () => {
    const { store, probe } = await failedRun("cors", http500);
    expect(store.getState().run?.scored?.result.policy_code).toBe("model_http_error");
    expect(store.getState().run?.network).toBeUndefined();
    expect(probe).not.toHaveBeenCalled();
  });
});
