// The current run or suite as files for people and tools outside finbound: the self-contained HTML
// report and OTLP JSON spans. Both are written from the same sealed exports the Export buttons write
// (io-slice), so what is shared is what a seal covers. Both writers load with a dynamic import on
// first use, never with the page (the OTLP one carries the OpenTelemetry SDK: ~12 KB gzipped).
import { declaredFailures } from "../evaluation/design.ts";
import type { SealStatus } from "../interop/html-report.ts";
import { SCORED_RUN_FORMAT, ScoredRunExport, ScoredSuiteExport } from "../schemas/export.ts";
import type { ExportFile } from "./io-slice.ts";
import type { Store } from "./store.ts";
import { fixtureById } from "./workspace-slice.ts";

export type ShareFormat = "html" | "otlp";

export interface ShareFile extends ExportFile {
  mimeType: string;
}

/** The workbench seals what it exports a moment before: the report says so rather than "not checked". */
const SEALED_HERE = { status: "verified" as SealStatus, message: "sealed by the workbench when this file was written" };

async function sealedRuns(state: Store, what: "run" | "suite"): Promise<{ runs: ScoredRunExport[]; suiteDigest?: string | undefined; base: string } | null> {
  const file = what === "run" ? await state.exportRun({ includeDiagnostics: false }) : await state.exportSuite({ includeDiagnostics: false });
  if (!file) return null;
  const value: unknown = JSON.parse(file.text);
  const base = file.fileName.replace(/\.json$/, "");
  if ((value as { format?: unknown }).format === SCORED_RUN_FORMAT) return { runs: [ScoredRunExport.parse(value)], base };
  const suite = ScoredSuiteExport.parse(value);
  return { runs: suite.runs, suiteDigest: suite.integrity?.digest, base };
}

/** The HTML report or the OTLP JSON of the current run or suite; null when there is nothing finished to share. */
export async function shareFile(state: Store, what: "run" | "suite", format: ShareFormat): Promise<ShareFile | null> {
  const sealed = await sealedRuns(state, what);
  if (!sealed) return null;
  const { runs, suiteDigest, base } = sealed;
  if (format === "otlp") {
    const { otlpJsonOfRuns } = await import("../interop/otlp.ts");
    return { fileName: `${base}.otlp.json`, text: otlpJsonOfRuns(runs, { seal: SEALED_HERE }), mimeType: "application/json" };
  }
  // Loaded on first use too: the page's first load stays small.
  const { htmlReportOfRuns } = await import("../interop/html-report.ts");
  const html = htmlReportOfRuns(runs, {
    source: `${base}.json`,
    seal: SEALED_HERE,
    declaredFailures: (fixtureId, candidate) => declaredFailures(fixtureById(state, fixtureId), candidate),
    ...(suiteDigest === undefined ? {} : { suiteDigest }),
  });
  return { fileName: `${base}.html`, text: html, mimeType: "text/html" };
}
