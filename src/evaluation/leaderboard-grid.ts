import { candidateGroups, higherIsBetter, type CandidateRow, type Leaderboard, type LeaderboardRun } from "./leaderboard.ts";

// What the workbench lays out beside the leaderboard (docs/leaderboard.md, "In the workbench"): each
// candidate's pass rate on each fixture, and the rows in the order an analyst reads them, regressions
// first. The rows are the leaderboard's own (candidateGroups), so a cell is always one row's runs.

/** One candidate's runs of one fixture. */
export interface FixtureCell {
  passed: number;
  /** Runs that were judged: infrastructure failures are left out, as in every count of the leaderboard. */
  counted: number;
  infrastructure: number;
  /** passed / counted; null when no run was counted. */
  rate: number | null;
}

/** Each row's cells by fixture, with the indices (into the runs given) of the runs each cell holds. */
export interface FixtureGrid {
  /** Every fixture any candidate ran, sorted. */
  fixtures: string[];
  cells: Map<string, Map<string, FixtureCell & { runs: number[] }>>;
}

export function fixtureGrid(input: readonly LeaderboardRun[], pool = false): FixtureGrid {
  const { runs, groups } = candidateGroups(input, pool);
  const fixtures = new Set<string>();
  const cells = new Map<string, Map<string, FixtureCell & { runs: number[] }>>();
  for (const [key, indices] of groups) {
    const row = new Map<string, FixtureCell & { runs: number[] }>();
    for (const i of indices) {
      const run = runs[i] as LeaderboardRun;
      fixtures.add(run.fixture);
      const cell = row.get(run.fixture) ?? { passed: 0, counted: 0, infrastructure: 0, rate: null, runs: [] };
      cell.runs.push(i);
      if (run.infrastructure) cell.infrastructure++;
      else {
        cell.counted++;
        if (run.passed) cell.passed++;
      }
      cell.rate = cell.counted === 0 ? null : cell.passed / cell.counted;
      row.set(run.fixture, cell);
    }
    cells.set(key, row);
  }
  return { fixtures: [...fixtures].sort(), cells };
}

/** How much worse than the baseline a row is on the ranked metric, in its direction (larger: worse); null when it is not distinguishably worse. */
function regression(l: Leaderboard, row: CandidateRow): number | null {
  const m = row.metrics[l.metric];
  if (m?.standing !== "worse" || !m.difference) return null;
  const d = m.difference.difference.value;
  return higherIsBetter(l.metric) ? -d : d;
}

/**
 * The rows regressions first: every candidate distinguishably worse than the baseline, the largest
 * regression first, then the rest in the leaderboard's order (best first).
 */
export function regressionsFirst(l: Leaderboard): CandidateRow[] {
  const worse = l.rows.flatMap((row) => {
    const by = regression(l, row);
    return by === null ? [] : [{ row, by }];
  });
  worse.sort((a, b) => b.by - a.by);
  const first = new Set(worse.map((w) => w.row.key));
  return [...worse.map((w) => w.row), ...l.rows.filter((r) => !first.has(r.key))];
}
