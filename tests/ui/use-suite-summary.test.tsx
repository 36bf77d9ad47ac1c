import { act, cleanup, renderHook, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { ScoredRun } from "../../src/schemas/scored-run.ts";
import type { SuiteSummary } from "../../src/state/suite/suite-summary.ts";
import { useSuiteSummary } from "../../src/ui/suite/use-suite-summary.ts";
import { ALL_ROWS_UP_TO } from "../../src/ui/suite/RunsTable.tsx";
import { makeStore } from "../state/test-deps.ts";
import { loadFixtures } from "../support.ts";

let suite: ScoredRun[] = [];
const fixtures = loadFixtures();
/** `n` runs: the suite's, over and over. */
const runsOf = (n: number): ScoredRun[] => Array.from({ length: n }, (_, i) => suite[i % suite.length] as ScoredRun);

beforeAll(async () => {
  const store = makeStore();
  await store.getState().runSuite("injection-adviser-scope");
  suite = store.getState().suite.runs;
});

afterEach(cleanup);

const render = (runs: ScoredRun[]) =>
  renderHook(({ runs: shown }: { runs: ScoredRun[] }) => useSuiteSummary(shown, fixtures, shown.length > ALL_ROWS_UP_TO), { initialProps: { runs } });

describe("useSuiteSummary", () => {
  it("works a small suite's figures out at once, and a large one's in slices, naming the runs each is of", async () => {
    const small = runsOf(10);
    const { result, rerender } = render(small);
    expect(result.current?.runs).toBe(small);
    const large = runsOf(ALL_ROWS_UP_TO + 50);
    rerender({ runs: large });
    // Until the large suite's figures are ready, the small one's stay: the view is not blanked.
    expect(result.current?.runs).toBe(small);
    await waitFor(() => expect(result.current?.runs).toBe(large));
    expect(result.current?.design.total).toBe(large.length);
  });

  it("a large suite shown first has no figures until they are ready", async () => {
    const large = runsOf(ALL_ROWS_UP_TO + 1);
    const { result } = render(large);
    expect(result.current).toBeNull();
    await waitFor(() => expect(result.current?.runs).toBe(large));
  });

  it("after a small suite, another large one never brings back the figures of the large one before", async () => {
    const first = runsOf(ALL_ROWS_UP_TO + 20);
    const { result, rerender } = render(first);
    await waitFor(() => expect(result.current?.runs).toBe(first));
    const small = runsOf(5);
    rerender({ runs: small });
    expect(result.current?.runs).toBe(small);
    const next = runsOf(ALL_ROWS_UP_TO + 40);
    const seen: (SuiteSummary | null)[] = [];
    rerender({ runs: next });
    seen.push(result.current);
    await waitFor(() => expect(result.current?.runs).toBe(next));
    await act(async () => {});
    expect(seen.every((s) => s?.runs !== first)).toBe(true);
    expect(seen[0]?.runs).toBe(small);
  });
});
