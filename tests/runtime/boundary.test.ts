import { describe, expect, it } from "vitest";
import type { Candidate } from "../../src/runtime/candidate.ts";
import { createVirtualClock } from "../../src/runtime/clock.ts";
import { runEpisode } from "../../src/runtime/episode.ts";
import { CONC_1001, final, fixture, runReplies, tool } from "../support.ts";

const kinds = (events: readonly { kind: string }[]) => events.map((e) => e.kind);

describe("the tool boundary", () => {
  it("records the attempt before anything is checked, even for an unknown tool", async () => {
    const run = await runReplies(fixture("concentration-hh1001"), [tool("portfolio.export", { household: "HH-2002" }), final("refused")]);
    const toolEvents = run.events.filter((e) => ["attempt", "denial", "observation", "tool_error"].includes(e.kind));
    expect(kinds(toolEvents)).toEqual(["attempt", "denial"]);
    expect(toolEvents[1]).toMatchObject({ code: "tool_not_available", call_id: "call-1" });
  });

  it("denies arguments that are not a plain object", async () => {
    for (const args of [null, [], "HH-1001", 42]) {
      const run = await runReplies(fixture("concentration-hh1001"), [tool("portfolio.read", args), final("refused")]);
      expect(run.events.find((e) => e.kind === "denial")).toMatchObject({ code: "arguments_not_object" });
    }
  });

  it("a denied read is recorded and discloses nothing", async () => {
    const run = await runReplies(fixture("unauthorised-household"), [tool("portfolio.read", { household: "HH-2002" }), final("refused")]);
    expect(run.events.find((e) => e.kind === "denial")).toMatchObject({ code: "household_not_authorised", call_id: "call-1" });
    expect(run.events.some((e) => e.kind === "observation")).toBe(false);
    expect(JSON.stringify(run.events)).not.toContain("Mid-cap equity fund");
    expect(run.result.tool_calls).toEqual([
      { call_id: "call-1", step: 1, tool: "portfolio.read", arguments: { household: "HH-2002" }, status: "denied", code: "household_not_authorised", evidence_id: null },
    ]);
  });

  it("matches households exactly: case, spaces and look-alikes are outside the scope", async () => {
    for (const household of ["hh-1001", " HH-1001", "HH-1001 ", "HH\u20111001", "HH-1001\u200b", 1001]) {
      const run = await runReplies(fixture("concentration-hh1001"), [tool("portfolio.read", { household }), final("refused")]);
      expect(run.events.find((e) => e.kind === "denial"), JSON.stringify(household)).toMatchObject({ code: "household_not_authorised" });
    }
  });

  it("checks the scope before the tool's own contract", async () => {
    const run = await runReplies(fixture("concentration-hh1001"), [tool("concentration", { household: "HH-2002", equity_inr: "lots" }), final("refused")]);
    expect(run.events.find((e) => e.kind === "denial")).toMatchObject({ code: "household_not_authorised" });
  });

  it("validates the exact field set after permission: a missing or extra field is invalid_arguments", async () => {
    const fx = fixture("concentration-hh1001");
    const missing = await runReplies(fx, [tool("concentration", { household: "HH-1001", equity_inr: 48000000 }), final("refused")]);
    expect(missing.events.find((e) => e.kind === "tool_error")).toMatchObject({ code: "invalid_arguments" });
    const extra = await runReplies(fx, [tool("portfolio.read", { household: "HH-1001", include: "all" }), final("refused")]);
    expect(extra.events.find((e) => e.kind === "tool_error")).toMatchObject({ code: "invalid_arguments" });
    const stringAmount = await runReplies(fx, [tool("portfolio.read", { household: "HH-1001" }), tool("concentration", { ...CONC_1001, equity_inr: "48000000" }), final("refused")]);
    expect(stringAmount.events.find((e) => e.kind === "tool_error")).toMatchObject({ code: "invalid_arguments", call_id: "call-2" });
  });

  it("runs provenance after the contract: altered amounts are argument_not_from_evidence", async () => {
    const run = await runReplies(fixture("concentration-hh1001"), [
      tool("portfolio.read", { household: "HH-1001" }),
      tool("concentration", { ...CONC_1001, equity_inr: 4800000 }),
      final("refused"),
    ]);
    expect(run.events.find((e) => e.kind === "tool_error")).toMatchObject({ code: "argument_not_from_evidence", call_id: "call-2" });
  });

  it("numbers calls and evidence deterministically, denied attempts included", async () => {
    const fx = fixture("concentration-hh1001");
    const replies = [tool("portfolio.read", { household: "HH-2002" }), tool("portfolio.read", { household: "HH-1001" }), tool("concentration", CONC_1001), final("refused")];
    const a = await runReplies(fx, replies);
    const b = await runReplies(fx, replies);
    const ids = (r: typeof a) => r.events.flatMap((e) => ("call_id" in e ? [`${e.kind}:${e.call_id}${"evidence_id" in e ? `:${e.evidence_id}` : ""}`] : []));
    expect(ids(a)).toEqual(["attempt:call-1", "denial:call-1", "attempt:call-2", "observation:call-2:ev-2", "attempt:call-3", "observation:call-3:ev-3"]);
    expect(ids(b)).toEqual(ids(a));
    expect(JSON.stringify(b.events)).toBe(JSON.stringify(a.events));
  });

  it("a recorded attempt cannot be changed by mutating the arguments object afterwards", async () => {
    const args: Record<string, unknown> = { household: "HH-1001" };
    let turns = 0;
    // A candidate that keeps a reference to the object it handed over and mutates it later.
    const sneaky: Candidate = {
      name: "sneaky",
      async next() {
        turns += 1;
        if (turns === 1) return { value: { ok: true, text: JSON.stringify(tool("portfolio.read", args)), finishReason: null, usage: null } };
        args.household = "HH-2002";
        return { value: { ok: true, text: JSON.stringify(final("refused")), finishReason: null, usage: null } };
      },
    };
    const run = await runEpisode({ fixture: fixture("concentration-hh1001"), candidate: sneaky, clock: createVirtualClock() });
    const attempt = run.events.find((e) => e.kind === "attempt");
    expect(attempt).toMatchObject({ arguments: { household: "HH-1001" } });
    expect(Object.isFrozen(attempt)).toBe(true);
    expect(Object.isFrozen((attempt as { arguments: object }).arguments)).toBe(true);
    expect(() => {
      ((attempt as { arguments: Record<string, unknown> }).arguments).household = "HH-2002";
    }).toThrow(TypeError);
    expect(run.result.tool_calls[0]?.arguments).toEqual({ household: "HH-1001" });
  });

  it("keeps a __proto__ key in arguments as plain data", async () => {
    const text = '{"decision":"tool","tool":"portfolio.read","arguments":{"household":"HH-1001","__proto__":{"polluted":true}}}';
    const run = await runReplies(fixture("concentration-hh1001"), [text, final("refused")]);
    expect(run.events.find((e) => e.kind === "tool_error")).toMatchObject({ code: "invalid_arguments" });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
