import { describe, expect, it } from "vitest";
import { checkPermission, describeError, executeTool, validateArguments, type ExecutionLimits } from "../../src/runtime/boundary.ts";
import { createVirtualClock, type Clock } from "../../src/runtime/clock.ts";
import { lookupTool } from "../../src/runtime/tools/catalogue.ts";
import type { EvidenceView, ToolEnvironment, ToolSpec } from "../../src/runtime/tools/tool.ts";
import type { AuthContext } from "../../src/schemas/context.ts";
import type { Snapshot } from "../../src/schemas/snapshot.ts";
import { CONC_1001, FV_A, fixture } from "../support.ts";

const context: AuthContext = { principal: "rm.test", authorised_households: ["HH-1001", "HH-3003"] as never, as_of: "2026-03-31" as never };
const snapshot = fixture("concentration-hh1001").snapshots[0] as Snapshot;
const env: ToolEnvironment = { context, snapshots: new Map([["HH-1001", snapshot]]), confirmedScenarios: fixture("fv-scenario-a").confirmed_scenarios };
const nothingRead: EvidenceView = { snapshotRead: () => undefined };
const readHH1001: EvidenceView = { snapshotRead: (h) => (h === "HH-1001" ? snapshot : undefined) };

const spec = (name: string): ToolSpec<never> => {
  const tool = lookupTool(name);
  if (!tool) throw new Error(`no tool ${name}`);
  return tool;
};
const limits = (over: Partial<ExecutionLimits> = {}): ExecutionLimits => ({ clock: createVirtualClock(), limitMs: 2_000, limitIsDeadline: false, fault: undefined, ...over });
const read = (household: string) => ({ household }) as never;

describe("step 2, broad permission", () => {
  it("an unknown tool is denied tool_not_available, and the denial says only that", () => {
    expect(checkPermission("portfolio.export", { household: "HH-1001" }, context)).toEqual({ kind: "denied", code: "tool_not_available", detail: "no such tool is available" });
  });

  it("arguments that are not a plain JSON object are denied arguments_not_object", () => {
    for (const args of [null, [], "HH-1001", 42, new Date(0), Object.create({ household: "HH-1001" })]) {
      expect(checkPermission("portfolio.read", args, context), String(args)).toEqual({ kind: "denied", code: "arguments_not_object", detail: "arguments must be a JSON object" });
    }
  });

  it("a household outside the authorised list, or not a string at all, is denied household_not_authorised", () => {
    for (const household of ["HH-2002", "hh-1001", "HH-1001 ", 1001, null, undefined, ["HH-1001"], { id: "HH-1001" }]) {
      expect(checkPermission("portfolio.read", { household }, context), JSON.stringify(household)).toEqual({
        kind: "denied",
        code: "household_not_authorised",
        detail: "the household is outside the authorised scope",
      });
    }
  });

  it("a permitted call hands on the tool's own spec and the very arguments it was given", () => {
    const args = { household: "HH-3003" };
    const permitted = checkPermission("portfolio.read", args, context);
    expect(permitted).toEqual({ tool: spec("portfolio.read"), args });
    expect("args" in permitted && permitted.args).toBe(args);
  });

  it("arguments that name no household pass this step: the tool's own contract judges them next", () => {
    expect(checkPermission("future_value", FV_A, context)).toEqual({ tool: spec("future_value"), args: FV_A });
    expect(checkPermission("future_value", {}, context)).toEqual({ tool: spec("future_value"), args: {} });
  });
});

describe("step 3, narrow validation", () => {
  const permitted = (tool: string, args: Record<string, unknown>) => ({ tool: spec(tool), args });

  it("the tool's exact input contract comes first: a wrong type is invalid_arguments, naming the field and never the value", () => {
    expect(validateArguments(permitted("concentration", { ...CONC_1001, equity_inr: "48000000" }), readHH1001, env)).toEqual({ ok: false, code: "invalid_arguments", detail: "equity_inr: expected number" });
    expect(validateArguments(permitted("portfolio.read", { household: "HH-1001", secret_field: 1 }), readHH1001, env)).toEqual({ ok: false, code: "invalid_arguments", detail: "(root): unexpected field(s)" });
  });

  it("a call that breaks the contract and the provenance rule is reported for the contract", () => {
    expect(validateArguments(permitted("concentration", { household: "HH-1001", equity_inr: -1, eligible_inr: 1 }), nothingRead, env)).toMatchObject({ code: "invalid_arguments" });
  });

  it("provenance comes next: amounts with no snapshot read before them are argument_not_from_evidence", () => {
    expect(validateArguments(permitted("concentration", CONC_1001), nothingRead, env)).toEqual({
      ok: false,
      code: "argument_not_from_evidence",
      detail: "no successful portfolio.read of HH-1001 earlier in this run",
    });
  });

  it("a call that keeps both rules is valid, and hands on the parsed input", () => {
    expect(validateArguments(permitted("concentration", CONC_1001), readHH1001, env)).toEqual({ ok: true, input: CONC_1001 });
    expect(validateArguments(permitted("future_value", FV_A), nothingRead, env)).toEqual({ ok: true, input: FV_A });
  });
});

describe("step 4, execution under a timeout", () => {
  it("a tool that answers in time is observed, with its output", async () => {
    expect(await executeTool(spec("portfolio.read"), read("HH-1001"), env, limits())).toEqual({ outcome: { kind: "observed", data: snapshot }, spentMs: 0 });
  });

  it("a tool's own failure passes through as its public tool error, with nothing internal and no deadline", async () => {
    expect((await executeTool(spec("portfolio.read"), read("HH-3003"), env, limits())).outcome).toEqual({
      kind: "tool_error",
      code: "not_found",
      detail: "no snapshot for HH-3003",
      internal: null,
      deadlineHit: false,
    });
  });

  it("a service that takes its whole allowance has timed out: unavailable, the limit and the internal error only in the internal text", async () => {
    const fault = { latency_ms: 2_000, internal_error: "ETIMEDOUT snapshot-store.internal:5432" };
    expect(await executeTool(spec("portfolio.read"), read("HH-1001"), env, limits({ fault }))).toEqual({
      outcome: {
        kind: "tool_error",
        code: "unavailable",
        detail: "portfolio.read is unavailable",
        internal: "portfolio.read did not answer within 2000 ms: ETIMEDOUT snapshot-store.internal:5432",
        deadlineHit: false,
      },
      spentMs: 2_000,
    });
  });

  it("a timeout whose limit was the run's remaining time says the deadline was hit", async () => {
    const { outcome, spentMs } = await executeTool(spec("portfolio.read"), read("HH-1001"), env, limits({ limitMs: 700, limitIsDeadline: true, fault: { latency_ms: 900 } }));
    expect(outcome).toEqual({ kind: "tool_error", code: "unavailable", detail: "portfolio.read is unavailable", internal: "portfolio.read did not answer within 700 ms", deadlineHit: true });
    expect(spentMs).toBe(700);
  });

  it("a timeout with no fault behind it names only the limit", async () => {
    const alwaysLate: Clock = { now: () => 0, within: async () => ({ status: "timeout", elapsedMs: 5 }) };
    expect((await executeTool(spec("portfolio.read"), read("HH-1001"), env, limits({ clock: alwaysLate, limitMs: 5 }))).outcome).toMatchObject({ internal: "portfolio.read did not answer within 5 ms", deadlineHit: false });
  });

  it("a service that fails fast is unavailable; the exception and its stack go only to the internal text, and the run goes on", async () => {
    const { outcome } = await executeTool(spec("portfolio.read"), read("HH-1001"), env, limits({ fault: { latency_ms: 10, internal_error: "SQLITE_CORRUPT: malformed" } }));
    expect(outcome).toMatchObject({ kind: "tool_error", code: "unavailable", detail: "portfolio.read is unavailable", deadlineHit: false });
    expect(outcome.kind === "tool_error" && outcome.internal).toMatch(/^Error: SQLITE_CORRUPT: malformed\nError: SQLITE_CORRUPT: malformed\n\s+at /);
  });

  it("a cancelled run cancels the call: unavailable, not a deadline", async () => {
    const cancel = AbortSignal.abort();
    expect((await executeTool(spec("portfolio.read"), read("HH-1001"), env, limits({ cancel }))).outcome).toEqual({
      kind: "tool_error",
      code: "unavailable",
      detail: "portfolio.read is unavailable",
      internal: "portfolio.read was cancelled",
      deadlineHit: false,
    });
  });

  it("output outside the tool's own contract never reaches anyone: unavailable, with every complaint of the contract kept internal", async () => {
    const broken: ToolSpec<never> = { ...spec("portfolio.read"), run: () => ({ ok: true, data: { household: 7, equity_inr: "lots" } }) };
    const { outcome } = await executeTool(broken, read("HH-1001"), env, limits());
    expect(outcome).toMatchObject({ kind: "tool_error", code: "unavailable", detail: "portfolio.read is unavailable", deadlineHit: false });
    expect(outcome.kind === "tool_error" && outcome.internal).toMatch(/^portfolio\.read returned output outside its contract: [A-Za-z][^;]*; [A-Za-z]/);
    expect(JSON.stringify(outcome)).not.toContain("lots");
  });
});

describe("internal error text (for the restricted diagnostics only)", () => {
  it("an Error is its name, message and stack", () => {
    const error = new TypeError("x is undefined");
    expect(describeError(error)).toBe(`TypeError: x is undefined\n${error.stack}`);
  });

  it("an Error without a stack is its name and message alone", () => {
    const error = new RangeError("too deep");
    delete error.stack;
    expect(describeError(error)).toBe("RangeError: too deep");
  });

  it("anything else thrown is its string form", () => {
    expect(describeError("plain words")).toBe("plain words");
    expect(describeError(42)).toBe("42");
    expect(describeError({ name: "Fake", message: "not an Error" })).toBe("[object Object]");
  });
});
