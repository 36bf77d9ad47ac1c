import { importFile, importStored, MAX_IMPORT_BYTES } from "../../evaluation/import/pipeline.ts";
import type { ImportOptions, ImportProgress, ImportResult } from "../../evaluation/import/types.ts";
import { fixtureGrid, regressionsFirst, type FixtureGrid } from "../../evaluation/leaderboard-grid.ts";
import { buildLeaderboard, leaderboardRun, type LeaderboardRun } from "../../evaluation/leaderboard.ts";
import { MAX_LINE_BYTES } from "../../files/read-json-lines.ts";
import { sha256Sync } from "../../integrity/sha256-sync.ts";
import { notVerified } from "../../integrity/verify-file.ts";
import type { Fixture } from "../../schemas/fixture.ts";
import type { ScoredRun } from "../../schemas/scored-run.ts";
import { blobSource, isStored, type ImportInput } from "../io/import-task.ts";
import type { LeaderboardTable, RankOptions, RankResult, ReadResult, SourceReport } from "./leaderboard-table.ts";

// The leaderboard's runs, where they are read (the leaderboard worker, or this thread where there are no
// workers): every source imported as Import does (read, verified, re-scored), each run kept only as the
// few facts the leaderboard reads. The page receives the table and the heat map's counts; a cell's runs
// are read again from their sources when it is opened, so ten candidates of ten thousand runs each are
// never held, or sent, whole.

export interface LeaderboardSource {
  /** The name the rows' sources and the baseline's default are given by. */
  name: string;
  /** A picked file, bytes, or a history entry's export as a value. */
  input: ImportInput;
}

/** One source read through the import pipeline, as Import reads it. */
function importSource(input: ImportInput, options: ImportOptions): Promise<ImportResult> {
  if (isStored(input)) return importStored(input.stored, options);
  return importFile(input instanceof Blob ? blobSource(input) : input, options);
}

export class LeaderboardSession {
  readonly #sources: readonly LeaderboardSource[];
  readonly #fixtures: readonly Fixture[];
  #runs: LeaderboardRun[] = [];
  /** Where each run is: its source, and its place among that source's runs. */
  #refs: { source: number; ordinal: number }[] = [];
  #grids = new Map<boolean, FixtureGrid>();

  constructor(sources: readonly LeaderboardSource[], fixtures: readonly Fixture[]) {
    this.#sources = sources;
    this.#fixtures = fixtures;
  }

  /** Reads every source; one that is refused (unreadable, a broken seal, collected traces) ends the read with its reason. */
  async read(onProgress: (source: number, progress: ImportProgress) => void = () => {}): Promise<ReadResult> {
    const byId = new Map(this.#fixtures.map((f) => [f.id, f]));
    const reports: SourceReport[] = [];
    for (const [index, { name, input }] of this.#sources.entries()) {
      let ordinal = 0;
      const result = await importSource(input, {
        fixtures: this.#fixtures,
        sha256: sha256Sync,
        maxWholeBytes: MAX_IMPORT_BYTES,
        maxLineBytes: MAX_LINE_BYTES,
        onRun: (run) => {
          this.#runs.push(leaderboardRun(name, run, byId.get(run.fixture)));
          this.#refs.push({ source: index, ordinal: ordinal++ });
        },
        onProgress: (progress) => onProgress(index, progress),
      });
      if (!result.ok) return { ok: false, code: result.code, message: `${name}: ${result.message}` };
      if (result.kind === "traces") return { ok: false, code: "not_a_suite", message: `${name}: collected traces record no verdicts or seal; score them into a suite first` };
      reports.push({ name, runs: ordinal, verified: result.verification.status === "verified", verification: result.verification.status === "verified" ? "verified" : notVerified(result.verification) });
    }
    return { ok: true, sources: reports };
  }

  #grid(pool: boolean): FixtureGrid {
    const grid = this.#grids.get(pool) ?? fixtureGrid(this.#runs, pool);
    this.#grids.set(pool, grid);
    return grid;
  }

  /** The leaderboard by the options, its rows regressions first, and each row's cells by fixture. */
  rank(options: RankOptions): RankResult {
    const first = this.#sources[0]?.name;
    const built = buildLeaderboard(this.#runs, {
      metric: options.metric,
      pool: options.pool,
      chosenOnly: true,
      ...(options.k === null ? {} : { k: options.k }),
      baseline: (rows) => rows.find((r) => r.key === options.baseline)?.key ?? rows.find((r) => first !== undefined && r.sources.includes(first))?.key ?? rows[0]?.key ?? "",
    });
    if (!built.ok) return built;
    const grid = this.#grid(options.pool);
    const cells: LeaderboardTable["cells"] = {};
    for (const [key, row] of grid.cells) cells[key] = Object.fromEntries([...row].map(([fixture, { runs: _runs, ...cell }]) => [fixture, cell]));
    return { ok: true, table: { leaderboard: built.leaderboard, order: regressionsFirst(built.leaderboard).map((r) => r.key), fixtures: grid.fixtures, cells } };
  }

  /** One row's runs of one fixture, read again from their sources (verified and re-scored as before), in the order they were read. */
  async cellRuns(key: string, fixture: string, pool: boolean): Promise<ScoredRun[]> {
    const wanted = this.#grid(pool).cells.get(key)?.get(fixture)?.runs ?? [];
    const bySource = new Map<number, Map<number, number>>();
    for (const [place, i] of wanted.entries()) {
      const ref = this.#refs[i];
      if (!ref) continue;
      const ordinals = bySource.get(ref.source) ?? new Map<number, number>();
      ordinals.set(ref.ordinal, place);
      bySource.set(ref.source, ordinals);
    }
    const found: (ScoredRun | undefined)[] = Array.from({ length: wanted.length });
    for (const [index, ordinals] of [...bySource].sort(([a], [b]) => a - b)) {
      const source = this.#sources[index];
      if (!source) continue;
      let ordinal = 0;
      await importSource(source.input, {
        fixtures: this.#fixtures,
        sha256: sha256Sync,
        maxWholeBytes: MAX_IMPORT_BYTES,
        maxLineBytes: MAX_LINE_BYTES,
        onRun: (run) => {
          const place = ordinals.get(ordinal++);
          if (place !== undefined) found[place] = run;
        },
      });
    }
    return found.filter((r): r is ScoredRun => r !== undefined);
  }
}
