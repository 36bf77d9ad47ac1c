import { describe, expect, it } from "vitest";
import { longestDecisionLength } from "../../src/candidates/http/longest-decision.ts";
import type { FetchLike } from "../../src/candidates/http/wire.ts";
import { checkLocalMaxTokens } from "../../src/state/model/model-slice.ts";
import { makeStore } from "./test-deps.ts";

const local = { baseUrl: "http://127.0.0.1:8080", model: "qwen-small" };

describe("the local model form's max tokens", () => {
  it("defaults to the longest valid decision, and the settings carry it", () => {
    const store = makeStore();
    store.getState().updateLocalModel(local);
    expect(store.getState().localModel.maxTokens).toBe(longestDecisionLength());
    expect(store.getState().liveSettings("local", "reference")).toMatchObject({ ok: true, settings: { maxTokens: longestDecisionLength() } });
  });

  it("carries the analyst's value to the settings", () => {
    const store = makeStore();
    store.getState().updateLocalModel({ ...local, maxTokens: 2_048 });
    expect(store.getState().liveSettings("local", "reference")).toMatchObject({ ok: true, settings: { maxTokens: 2_048 } });
  });

  it("below the longest decision with json_schema output, refuses the run with the check's words, naming both numbers", () => {
    const store = makeStore();
    store.getState().updateLocalModel({ ...local, maxTokens: 768 });
    const check = checkLocalMaxTokens(store.getState().localModel);
    expect(check).toMatchObject({ ok: false, code: "max_tokens_below_longest_decision", maxTokens: 768, longestDecision: longestDecisionLength() });
    const live = store.getState().liveSettings("local", "reference");
    expect(live).toEqual({ ok: false, message: check.ok ? "" : check.message });
    expect(check.ok ? "" : check.message).toMatch(new RegExp(`^max tokens 768 is below .* at least ${longestDecisionLength()}`));
  });

  it("a refused run sends no request and says why", async () => {
    const sent: string[] = [];
    const recording: FetchLike = async (url) => {
      sent.push(url);
      throw new TypeError("Failed to fetch");
    };
    const store = makeStore({ fetch: recording });
    store.getState().selectFixture("fv-scenario-a", "reference");
    store.getState().setCandidateKind("local");
    store.getState().updateLocalModel({ ...local, maxTokens: 100 });
    await store.getState().startRun();
    expect(store.getState().run).toBeNull();
    expect(store.getState().notice).toMatchObject({ kind: "error", text: expect.stringMatching(/^max tokens 100 is below the longest valid decision/) });
    expect(sent).toEqual([]);
  });

  it("is not held to the longest decision with prompt-only output, which nothing constrains", () => {
    const store = makeStore();
    store.getState().updateLocalModel({ ...local, maxTokens: 100, responseFormat: "prompt_only" });
    expect(checkLocalMaxTokens(store.getState().localModel)).toEqual({ ok: true });
    expect(store.getState().liveSettings("local", "reference")).toMatchObject({ ok: true, settings: { maxTokens: 100 } });
  });
});
