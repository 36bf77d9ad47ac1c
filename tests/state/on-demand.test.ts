import { afterEach, describe, expect, it, vi } from "vitest";
import { makeStore } from "./test-deps.ts";

// The runtime's loop, the scorer and the HTTP candidate are fetched with the first run, not with the
// page. A fetch that fails (the server has gone, a newer build replaced the chunks) is said, never
// left as a run that hangs "running".
const fetchFailed = (): never => {
  throw new TypeError("Failed to fetch dynamically imported module: http://workbench.test/assets/episode-Zz.js");
};

afterEach(() => {
  vi.doUnmock("../../src/runtime/episode.ts");
  vi.doUnmock("../../src/candidates/http/http-candidate.ts");
  vi.resetModules();
});

describe("a module loaded on demand that cannot be fetched", () => {
  it("a scripted run: a notice with the code and why, and no run begun", async () => {
    vi.doMock("../../src/runtime/episode.ts", fetchFailed);
    const store = makeStore();
    store.getState().selectFixture("fv-scenario-a", "reference");
    await store.getState().startRun();
    expect(store.getState().notice).toEqual({ kind: "error", text: expect.stringMatching(/^runtime_unavailable: the runtime could not be loaded \(.+\); nothing was run\. Reload the page\.$/) });
    expect(store.getState().run).toBeNull();
  });

  it("a local model's run: the form's error says so, and no run begun", async () => {
    vi.doMock("../../src/candidates/http/http-candidate.ts", fetchFailed);
    const store = makeStore();
    store.getState().selectFixture("fv-scenario-a", "reference");
    store.getState().setCandidateKind("local");
    store.getState().updateLocalModel({ baseUrl: "http://127.0.0.1:8080", model: "m" });
    await store.getState().startRun();
    expect(store.getState().notice).toEqual({ kind: "error", text: expect.stringMatching(/^runtime_unavailable: the HTTP candidate could not be loaded/) });
    expect(store.getState().run).toBeNull();
  });
});
