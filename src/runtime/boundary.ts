import type { AuthContext } from "../schemas/context.ts";
import type { ToolFault } from "../schemas/fixture.ts";
import type { DenialCode, ToolErrorCode } from "../schemas/tool-call.ts";
import { andThen, type Awaitable } from "./awaitable.ts";
import type { Bounded, Clock } from "./clock.ts";
import { publicIssue } from "../schemas/describe-issues.ts";
import { isDeeplyFrozen, isPlainObject } from "./freeze.ts";
import { lookupTool } from "./tools/catalogue.ts";
import type { EvidenceView, ToolEnvironment, ToolSpec } from "./tools/tool.ts";

/** What the boundary decided about one recorded attempt. */
export type BoundaryOutcome =
  | { kind: "denied"; code: DenialCode; detail: string }
  | { kind: "tool_error"; code: ToolErrorCode; detail: string; internal: string | null; deadlineHit: boolean }
  | { kind: "observed"; data: Record<string, unknown> };

type Denied = Extract<BoundaryOutcome, { kind: "denied" }>;
type Permitted = { tool: ToolSpec<never>; args: Record<string, unknown> };

/** Step 2, broad permission: a known tool, an object of arguments, a household inside the scope. */
export function checkPermission(tool: string, args: unknown, context: AuthContext): Denied | Permitted {
  const spec = lookupTool(tool);
  if (!spec) return { kind: "denied", code: "tool_not_available", detail: "no such tool is available" };
  if (!isPlainObject(args)) return { kind: "denied", code: "arguments_not_object", detail: "arguments must be a JSON object" };
  if (Object.hasOwn(args, "household")) {
    // Exact match only: no trimming, case folding or Unicode normalisation can widen the scope, and a
    // household that is not a string equals no authorised one.
    if (!context.authorised_households.includes(args.household as never)) {
      return { kind: "denied", code: "household_not_authorised", detail: "the household is outside the authorised scope" };
    }
  }
  return { tool: spec, args };
}

type Validated = { ok: true; input: never } | { ok: false; code: ToolErrorCode; detail: string };

/** Step 3, narrow validation: the tool's exact input contract, then the provenance of its values. */
export function validateArguments(permitted: Permitted, evidence: EvidenceView, env: ToolEnvironment): Validated {
  let input: never;
  if (permitted.tool.plainlyValid(permitted.args)) {
    input = permitted.args as never;
  } else {
    const parsed = permitted.tool.input.safeParse(permitted.args);
    if (!parsed.success) return { ok: false, code: "invalid_arguments", detail: publicIssue(parsed.error.issues[0], "arguments: invalid") };
    input = parsed.data;
  }
  const provenance = permitted.tool.provenance(input, evidence, env);
  if (!provenance.ok) return provenance;
  return { ok: true, input };
}

export interface ExecutionLimits {
  clock: Clock;
  /** The smaller of the per-tool timeout and the run's remaining time. */
  limitMs: number;
  /** True when `limitMs` is the run's remaining time rather than the tool's own timeout. */
  limitIsDeadline: boolean;
  fault: ToolFault | undefined;
  cancel?: AbortSignal;
}

/**
 * Step 4, execution under a timeout. Internal detail is returned apart, for the diagnostics only.
 * `spentMs` is the call's time in the sandbox — its declared latency, or its whole allowance when it
 * timed out — on any clock, so a live run and its replay count a tool the same. On the virtual clock
 * the tool runs at once and so does this: nothing is waited for.
 */
export function executeTool(tool: ToolSpec<never>, input: never, env: ToolEnvironment, limits: ExecutionLimits): Awaitable<{ outcome: BoundaryOutcome; spentMs: number }> {
  const { fault } = limits;
  let declaredMs = 0;
  const bounded = limits.clock.within(
    limits.limitMs,
    () => {
      const durationMs = fault?.latency_ms ?? 0;
      // A faulty service fails, unless it is so slow that the timeout comes first.
      if (fault?.internal_error !== undefined && durationMs < limits.limitMs) throw new Error(fault.internal_error);
      declaredMs = durationMs;
      return { value: tool.run(input, env), durationMs };
    },
    limits.cancel,
  );
  return andThen(bounded, (b) => ({ outcome: executed(tool, b, limits), spentMs: b.status === "timeout" ? limits.limitMs : declaredMs }));
}

function executed(tool: ToolSpec<never>, bounded: Bounded<ReturnType<ToolSpec<never>["run"]>>, limits: ExecutionLimits): BoundaryOutcome {
  const { fault } = limits;
  const unavailable = (internal: string, deadlineHit = false): BoundaryOutcome => ({
    kind: "tool_error",
    code: "unavailable",
    detail: `${tool.name} is unavailable`,
    internal,
    deadlineHit,
  });
  switch (bounded.status) {
    case "timeout":
      return unavailable(
        `${tool.name} did not answer within ${limits.limitMs} ms${fault?.internal_error ? `: ${fault.internal_error}` : ""}`,
        limits.limitIsDeadline,
      );
    case "cancelled":
      return unavailable(`${tool.name} was cancelled`);
    case "failed":
      return unavailable(describeError(bounded.error));
    case "done": {
      const run = bounded.value;
      if (!run.ok) return { kind: "tool_error", code: run.code, detail: run.detail, internal: null, deadlineHit: false };
      // A tool's output is checked against its own contract before anyone sees it.
      if (!checkedBefore(tool, run.data) && tool.plainlyValidOutput?.(run.data) !== true) {
        const checked = tool.output.safeParse(run.data);
        if (!checked.success) return unavailable(`${tool.name} returned output outside its contract: ${checked.error.issues.map((i) => i.message).join("; ")}`);
        rememberChecked(tool, run.data);
      }
      return { kind: "observed", data: run.data };
    }
  }
}

// An output frozen all the way down cannot change once checked: a fixture's snapshot, which
// portfolio.read hands out itself run after run, is checked against the contract once per tool.
const checkedOutputs = new WeakMap<ToolSpec<never>, WeakSet<object>>();
const checkedBefore = (tool: ToolSpec<never>, data: object): boolean => checkedOutputs.get(tool)?.has(data) === true;
function rememberChecked(tool: ToolSpec<never>, data: object): void {
  if (!isDeeplyFrozen(data)) return;
  let checked = checkedOutputs.get(tool);
  if (!checked) checkedOutputs.set(tool, (checked = new WeakSet()));
  checked.add(data);
}

export function describeError(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}${error.stack ? `\n${error.stack}` : ""}`;
  return String(error);
}
