import type { z } from "zod";
import type { ExpectedClaim, ClaimKind } from "../../schemas/claim.ts";
import type { AuthContext } from "../../schemas/context.ts";
import type { ConfirmedScenario } from "../../schemas/fixture.ts";
import type { Snapshot } from "../../schemas/snapshot.ts";
import type { ToolErrorCode } from "../../schemas/tool-call.ts";

/** What a tool may see of the world: the authorised context, the read-only store, the user's confirmations. */
export interface ToolEnvironment {
  readonly context: AuthContext;
  readonly snapshots: ReadonlyMap<string, Snapshot>;
  readonly confirmedScenarios: readonly ConfirmedScenario[];
}

/** What earlier successful calls of this run established. */
export interface EvidenceView {
  /** The snapshot of `household` as returned by a successful `portfolio.read` in this run. */
  snapshotRead(household: string): Snapshot | undefined;
}

export interface Assumption {
  label: string;
  value: number | string;
  unit: "INR" | "percent" | "years" | "date" | "text";
}

export type ToolFailure = { ok: false; code: ToolErrorCode; detail: string };
export type ToolCheck = { ok: true } | ToolFailure;
export type ToolRun = { ok: true; data: Record<string, unknown> } | ToolFailure;

/** One tool: its contract and its behaviour. Adding a tool means one such file plus its registration. */
export interface ToolSpec<I = unknown> {
  readonly name: string;
  readonly summary: string;
  /** The exact input contract (a strict object): the narrow validation step. */
  readonly input: z.ZodType<I>;
  /**
   * The same contract as plain checks, for arguments as a reply parsed to them: true only when `input`
   * accepts them and gives back an equal value (tests/runtime/tool-input.test.ts holds the two
   * together). False leaves it to `input`, which also words the refusal.
   */
  plainlyValid(args: Record<string, unknown>): boolean;
  readonly output: z.ZodType;
  /**
   * The output contract as plain checks, for an output the tool has just made: true only when `output`
   * accepts it and gives back an equal value (tests/runtime/tool-input.test.ts holds the two together).
   * False, or absent, leaves it to `output`.
   */
  plainlyValidOutput?(data: Record<string, unknown>): boolean;
  /** True for the tool whose observation is a household snapshot: calculators check their inputs against it. */
  readonly yieldsSnapshot?: boolean;
  /** Whether each argument comes from authorised evidence (contract §5). */
  provenance(input: I, evidence: EvidenceView, env: ToolEnvironment): ToolCheck;
  run(input: I, env: ToolEnvironment): ToolRun;
  /** For calculators: the claim kind they back, and a claim's fields as read off an observation. */
  readonly claim?: {
    readonly kind: ClaimKind;
    project(data: Record<string, unknown>): ExpectedClaim;
    /** The inputs behind a number, as the runtime recorded them (never the candidate's words). */
    assumptions(data: Record<string, unknown>): Assumption[];
  };
}

/** Checks a tool's plainlyValid is written in. */
export const nonEmptyString = (v: unknown): boolean => typeof v === "string" && v.length >= 1;
export const finiteNumber = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

export const notFromEvidence = (detail: string): ToolFailure => ({ ok: false, code: "argument_not_from_evidence", detail });

/** Declares a tool with its input type inferred from its schema. */
export const defineTool = <I>(spec: ToolSpec<I>): ToolSpec<I> => spec;
