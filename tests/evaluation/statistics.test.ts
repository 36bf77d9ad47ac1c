import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mulberry32 } from "../../src/runtime/prng.ts";
import {
  clusterBootstrap,
  fixtureStatistic,
  formatDifference,
  formatEstimate,
  mcnemarExact,
  pairedDifference,
  quantile,
  rateInterval,
  trialsNeeded,
  wilson,
  type Cluster,
} from "../../src/evaluation/statistics.ts";

const clusters = (...passes: [number, number][]): Cluster[] => passes.map(([c, n]) => ({ c, n }));
const byFixture = (list: Cluster[]): Map<string, Cluster> => new Map(list.map((c, i) => [`f${String(i).padStart(3, "0")}`, c]));

describe("Wilson score interval", () => {
  it("8 of 10: [49.0 %, 94.3 %], worked by hand", () => {
    // p = 0.8, z² = 3.8415, 1 + z²/n = 1.38415
    // centre = (0.8 + 3.8415/20) / 1.38415 = 0.992073 / 1.38415 = 0.716738
    // half = (1.95996 / 1.38415) · √(0.8·0.2/10 + 3.8415/400) = 1.41600 · √0.0256037 = 0.226577
    const e = wilson(8, 10);
    expect(e?.value).toBe(0.8);
    expect(e?.low).toBeCloseTo(0.716738 - 0.226577, 5);
    expect(e?.high).toBeCloseTo(0.716738 + 0.226577, 5);
  });

  it("0 of 5: [0, 43.4 %], never below zero", () => {
    // centre = (0 + 3.84146/10) / (1 + 3.84146/5) = 0.384146 / 1.768292 = 0.217241
    // half = (1.959964 / 1.768292) · √(0 + 3.84146/100) = 1.108393 · 0.195996 = 0.217241 → low 0, high 0.434482
    const e = wilson(0, 5);
    expect(e?.low).toBe(0);
    expect(e?.high).toBeCloseTo(0.434482, 5);
  });

  it("is null when nothing was counted", () => {
    expect(wilson(0, 0)).toBeNull();
  });

  it("covers the true rate in about 95 % of simulated samples (property)", () => {
    // For a true rate p and n independent trials, the share of samples whose interval holds p
    // is Wilson's coverage: near 95 % for the n and p of an evaluation (it dips a little below
    // at some p, as every interval for a discrete count does), never far from it.
    fc.assert(
      fc.property(fc.double({ min: 0.1, max: 0.9, noNaN: true }), fc.integer({ min: 20, max: 200 }), fc.integer({ min: 1, max: 2 ** 31 }), (p, n, seed) => {
        const random = mulberry32(seed);
        const samples = 2000;
        let covered = 0;
        for (let s = 0; s < samples; s++) {
          let c = 0;
          for (let i = 0; i < n; i++) if (random() < p) c++;
          const e = wilson(c, n) as { low: number; high: number };
          if (e.low <= p && p <= e.high) covered++;
        }
        const coverage = covered / samples;
        expect(coverage).toBeGreaterThan(0.91);
        expect(coverage).toBeLessThan(0.99);
      }),
      { numRuns: 25, seed: 37 },
    );
  });
});

describe("cluster bootstrap", () => {
  it("four one-trial fixtures passing [1, 1, 1, 0]: [25 %, 100 %], worked by hand", () => {
    // A resample's pass rate is X/4 with X ~ Bin(4, ¾): P(X = 0) = 1/256 ≈ 0.4 %, P(X ≤ 1) = 13/256 ≈ 5.1 %,
    // so the 2.5 % point is ¼; P(X ≤ 3) = 1 − 81/256 ≈ 68 %, so the 97.5 % point is 1.
    const e = clusterBootstrap(clusters([1, 1], [1, 1], [1, 1], [0, 1]), fixtureStatistic.passRate, { resamples: 4000 });
    expect(e).toEqual({ value: 0.75, low: 0.25, high: 1 });
  });

  it("when every run passed, or none did, no resample differs: Wilson's interval over the fixtures", () => {
    // Two fixtures, all passed: Wilson for 2 of 2 at p = 1 has low = n / (n + z²) = 2 / 5.8415 = 0.3424, high 1.
    const all = clusterBootstrap(clusters([4, 4], [4, 4]), fixtureStatistic.passHat(4));
    expect(all?.value).toBe(1);
    expect(all?.high).toBe(1);
    expect(all?.low).toBeCloseTo(2 / (2 + 1.959963984540054 ** 2), 10);
    expect(clusterBootstrap(clusters([0, 4], [0, 4]), fixtureStatistic.passRate)).toEqual({ value: 0, low: 0, high: wilson(0, 2)?.high });
  });

  it("one fixture passing 2 of 4: pass^2's interval spans what 4 draws of a fair coin give", () => {
    // pass^2 = C(2,2)/C(4,2) = 1/6; resampled trials give c′ ~ Bin(4, ½): P(c′ ≤ 1) = 5/16, P(c′ = 4) = 1/16 ≥ 2.5 %,
    // so the interval runs from pass^2 at c′ ≤ 1 (0) to pass^2 at c′ = 4 (1).
    const e = clusterBootstrap(clusters([2, 4]), fixtureStatistic.passHat(2), { resamples: 4000 });
    expect(e?.value).toBeCloseTo(1 / 6, 10);
    expect(e?.low).toBe(0);
    expect(e?.high).toBe(1);
  });

  it("the same runs and seed give the same interval; another seed may not", () => {
    const data = clusters([3, 8], [5, 8], [8, 8], [1, 8], [6, 8]);
    const a = clusterBootstrap(data, fixtureStatistic.passHat(2), { seed: 7 });
    expect(clusterBootstrap(data, fixtureStatistic.passHat(2), { seed: 7 })).toEqual(a);
    expect(clusterBootstrap(data, fixtureStatistic.passHat(2), { seed: 8 })).not.toEqual(a);
  });

  it("a pooled rate over one-run fixtures is Wilson's; with trials it is bootstrapped over fixtures", () => {
    expect(rateInterval(clusters([1, 1], [1, 1], [0, 1], [1, 1], [1, 1], [1, 1], [1, 1], [1, 1], [0, 1], [1, 1]))).toEqual(wilson(8, 10));
    // Trials of one fixture agree with each other: 2 fixtures × 5 trials is far less sure than 10 runs.
    const clustered = rateInterval(clusters([5, 5], [3, 5])) as { low: number; high: number };
    expect(clustered.high - clustered.low).toBeGreaterThan(0);
    expect(clustered.low).toBeGreaterThanOrEqual(0.6 - 0.4);
  });

  it("a fixture of thousands of trials is resampled by the binomial law: its interval is the normal one, for either way of drawing", () => {
    // One fixture: every resample draws it, so the interval is its trials' alone, p ± 1.96 √(p(1 − p)/n).
    for (const n of [32, 1000]) {
      const c = Math.round(0.3 * n);
      const half = 1.96 * Math.sqrt((0.3 * 0.7) / n);
      const e = clusterBootstrap(clusters([c, n]), fixtureStatistic.passRate, { resamples: 4000 }) as { low: number; high: number };
      expect(e.low).toBeCloseTo(c / n - half, 1.5);
      expect(e.high).toBeCloseTo(c / n + half, 1.5);
      expect(e.high - e.low).toBeGreaterThan(1.6 * half);
      expect(e.high - e.low).toBeLessThan(2.4 * half);
    }
  });

  it("interpolates quantiles between the nearest values", () => {
    expect(quantile([0, 1, 2, 3, 4], 0.5)).toBe(2);
    expect(quantile([0, 10], 0.25)).toBe(2.5);
  });
});

describe("paired comparison", () => {
  it("McNemar's exact test on a hand-computed table: 1 vs 9 discordant pairs, p = 22/1024", () => {
    // 10 discordant pairs, a fair coin each: P(X ≤ 1) = (C(10,0) + C(10,1)) / 2¹⁰ = 11/1024; two-sided 22/1024.
    expect(mcnemarExact(1, 9)).toBeCloseTo(22 / 1024, 12);
    expect(mcnemarExact(9, 1)).toBeCloseTo(22 / 1024, 12);
    // 2 vs 8: (1 + 10 + 45) · 2 / 1024 = 112/1024 ≈ 0.109
    expect(mcnemarExact(2, 8)).toBeCloseTo(112 / 1024, 12);
    expect(mcnemarExact(0, 0)).toBe(1);
    expect(mcnemarExact(3, 3)).toBe(1);
  });

  it("single-trial pass/fail is judged by McNemar over the shared fixtures", () => {
    // A passes all 12; B fails 10 of them and passes 2: b = 10, c = 0 → p = 2/1024.
    const a = byFixture(Array.from({ length: 12 }, () => ({ c: 1, n: 1 })));
    const b = byFixture(Array.from({ length: 12 }, (_, i) => ({ c: i < 2 ? 1 : 0, n: 1 })));
    const d = pairedDifference(a, b, fixtureStatistic.passRate, { singleTrialIsPassRate: true });
    expect(d?.method).toBe("mcnemar_exact");
    expect(d?.p).toBeCloseTo(2 / 1024, 12);
    expect(d?.difference.value).toBeCloseTo(-10 / 12, 12);
    expect(d?.distinction).toBe("lower");
    expect(d && formatDifference(d)).toBe("−83 pts (McNemar p = 0.0020)");
  });

  it("a paired bootstrap tells a real drop from noise, over the fixtures both ran only", () => {
    const a = byFixture(Array.from({ length: 16 }, () => ({ c: 7, n: 8 })));
    const worse = byFixture(Array.from({ length: 16 }, () => ({ c: 3, n: 8 })));
    const same = byFixture(Array.from({ length: 16 }, (_, i) => ({ c: i % 2 === 0 ? 8 : 6, n: 8 })));
    expect(pairedDifference(a, worse, fixtureStatistic.passRate)?.distinction).toBe("lower");
    expect(pairedDifference(worse, a, fixtureStatistic.passRate)?.distinction).toBe("higher");
    expect(pairedDifference(a, same, fixtureStatistic.passRate)?.distinction).toBe("not_distinguishable");
    const extra = new Map([...worse, ["only-in-b", { c: 8, n: 8 }]]);
    expect(pairedDifference(a, extra, fixtureStatistic.passRate)?.shared).toBe(16);
  });
});

describe("how many trials are enough", () => {
  it("a deterministic candidate needs one trial", () => {
    expect(trialsNeeded(clusters([8, 8], [0, 8], [8, 8], [0, 8]), fixtureStatistic.passRate, 0.6)).toMatchObject({ ok: true, trials: 1 });
  });

  it("more trials for a narrower interval, and none suffice when the fixtures themselves differ", () => {
    // 40 fixtures each at ½: the half-width of the mean is about 1.96 · √(¼ / (40 t)).
    const coin = Array.from({ length: 40 }, () => ({ c: 4, n: 8 }));
    const wide = trialsNeeded(coin, fixtureStatistic.passRate, 0.1) as { ok: true; trials: number };
    const narrow = trialsNeeded(coin, fixtureStatistic.passRate, 0.05) as { ok: true; trials: number };
    expect(wide.ok && narrow.ok).toBe(true);
    // ±10 pts: t ≈ 1.96² · ¼ / (40 · 0.01) ≈ 2.4; ±5 pts: about four times as many.
    expect(wide.trials).toBeGreaterThanOrEqual(2);
    expect(wide.trials).toBeLessThanOrEqual(4);
    expect(narrow.trials).toBeGreaterThanOrEqual(3 * wide.trials);
    // Half the fixtures always pass and half never do: the spread is between fixtures.
    expect(trialsNeeded(clusters([8, 8], [0, 8], [8, 8], [7, 8]), fixtureStatistic.passRate, 0.05)).toMatchObject({ ok: false, reason: "needs_fixtures" });
  });
});

describe("formatting", () => {
  it("62 % [47, 76]", () => {
    expect(formatEstimate({ value: 0.62, low: 0.4712, high: 0.7649 })).toBe("62 % [47, 76]");
    expect(formatEstimate(null)).toBe("–");
  });
});
