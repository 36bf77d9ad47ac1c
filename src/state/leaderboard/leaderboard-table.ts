import { z } from "zod";
import type { FixtureCell } from "../../evaluation/leaderboard-grid.ts";
import { METRICS, type Leaderboard, type MetricId } from "../../evaluation/leaderboard.ts";

// What reading and ranking the leaderboard's runs give back, as schemas: a worker's answers are read
// through them like any other boundary's (src/app/workers/leaderboard-worker-client.ts). They are
// checked against the pure module's types (`satisfies`), so they cannot drift from what the leaderboard is.

export interface RankOptions {
  metric: MetricId;
  /** pass^k's and pass@k's k; null: the most trials every candidate ran of each fixture. */
  k: number | null;
  /** The baseline's row key; null or unknown: the first source's candidate. */
  baseline: string | null;
  /** Pool one candidate's runs across sources. */
  pool: boolean;
}

const unit = z.number();
const count = z.number().int().nonnegative();
const Estimate = z.strictObject({ value: unit, low: unit, high: unit });
const MetricId = z.enum(METRICS as [MetricId, ...MetricId[]]);

const LeaderboardSchema = z.strictObject({
  metric: MetricId,
  k: z.number().int().positive(),
  baseline: z.string(),
  halfWidth: z.number(),
  rows: z.array(
    z.strictObject({
      key: z.string(),
      label: z.string(),
      identity: z.strictObject({
        name: z.string(),
        protocol: z.string(),
        reported_model: z.string().nullable(),
        temperature: z.number().nullable(),
        seed: z.number().nullable(),
        budget: z.string(),
        lenient_fence: z.boolean(),
      }),
      sources: z.array(z.string()),
      runs: count,
      infrastructure: count,
      fixtures: count,
      trials: z.strictObject({ min: count, max: count }),
      metrics: z.partialRecord(
        MetricId,
        z.strictObject({
          estimate: Estimate.nullable(),
          difference: z
            .strictObject({
              difference: Estimate,
              method: z.enum(["paired_bootstrap", "mcnemar_exact"]),
              p: z.number().nullable(),
              shared: count,
              distinction: z.enum(["higher", "lower", "not_distinguishable"]),
            })
            .nullable(),
          standing: z.enum(["baseline", "better", "worse", "not_distinguishable"]).nullable(),
        }),
      ),
      checks: z.record(z.string(), z.strictObject({ passed: count, of: count, estimate: Estimate.nullable() })),
      trialsNeeded: z
        .discriminatedUnion("ok", [
          z.strictObject({ ok: z.literal(true), trials: count, halfWidth: z.number() }),
          z.strictObject({ ok: z.literal(false), reason: z.literal("needs_fixtures"), halfWidth: z.number() }),
        ])
        .nullable(),
    }),
  ),
  available: z.array(MetricId),
  splits: z.array(z.strictObject({ name: z.string(), settings: z.array(z.enum(["reported_model", "protocol", "temperature", "seed", "budget", "lenient_fence"])), rows: z.array(z.string()) })),
}) satisfies z.ZodType<Leaderboard>;

const FixtureCellSchema = z.strictObject({ passed: count, counted: count, infrastructure: count, rate: z.number().min(0).max(1).nullable() }) satisfies z.ZodType<FixtureCell>;

/** The leaderboard as the view draws it: its rows regressions first, and each row's cells by fixture. */
export const LeaderboardTable = z.strictObject({
  leaderboard: LeaderboardSchema,
  /** Row keys, regressions first (leaderboard-grid.ts). */
  order: z.array(z.string()),
  fixtures: z.array(z.string()),
  /** Row key → fixture → the cell; a fixture a row did not run is absent. */
  cells: z.record(z.string(), z.record(z.string(), FixtureCellSchema)),
});
export type LeaderboardTable = z.infer<typeof LeaderboardTable>;

export const RankResult = z.discriminatedUnion("ok", [
  z.strictObject({ ok: z.literal(true), table: LeaderboardTable }),
  z.strictObject({ ok: z.literal(false), code: z.enum(["no_runs", "no_metric", "k_too_large"]), message: z.string() }),
]);
export type RankResult = z.infer<typeof RankResult>;

export const SourceReport = z.strictObject({ name: z.string(), runs: count, verified: z.boolean(), verification: z.string() });
export type SourceReport = z.infer<typeof SourceReport>;

export const ReadResult = z.discriminatedUnion("ok", [
  z.strictObject({ ok: z.literal(true), sources: z.array(SourceReport) }),
  z.strictObject({ ok: z.literal(false), code: z.string(), message: z.string() }),
]);
export type ReadResult = z.infer<typeof ReadResult>;
