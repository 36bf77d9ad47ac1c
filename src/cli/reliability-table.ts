import type { Reliability } from "../evaluation/reliability.ts";

const pct = (v: number | null | undefined): string => (v === null || v === undefined ? "-" : `${(v * 100).toFixed(1)}%`);

/**
 * pass^k per fixture and overall (k = 1…K), with the runs left out as infrastructure failures beside
 * them, then the outcome distribution, latency and tokens: what an analyst reads after K trials.
 */
export function reliabilityTable(r: Reliability): string {
  const ks = Array.from({ length: r.k }, (_, i) => i + 1);
  const head = ["fixture", "runs", "infra", "passed", ...ks.map((k) => `pass^${k}`)];
  const rows = [
    ...r.fixtures.map((f) => [f.fixture, String(f.runs), String(f.infrastructure), `${f.c}/${f.n}`, ...f.passHat.map(pct)]),
    ["overall", String(r.runs), String(r.infrastructure), "", ...r.passHat.map(pct)],
  ];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? "").length)));
  const line = (cells: string[]): string => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join("  ").trimEnd();
  const outcomes = Object.entries(r.outcomes).map(([o, n]) => `${o} ${n}`).join(", ");
  return [
    line(head),
    line(widths.map((w) => "-".repeat(w))),
    ...rows.map(line),
    "",
    `pass@k: ${ks.map((k, i) => `@${k} ${pct(r.passAt[i])}`).join("  ")}`,
    `outcomes: ${outcomes || "-"}`,
    `infrastructure failures (left out of pass^k): ${r.infrastructure} of ${r.runs} run(s)`,
    `latency p50 ${r.latencyMs ? Math.round(r.latencyMs.p50) : "-"} ms, p95 ${r.latencyMs ? Math.round(r.latencyMs.p95) : "-"} ms; tokens per run ${r.tokensPerRun === null ? "-" : Math.round(r.tokensPerRun)}`,
    "",
  ].join("\n");
}
