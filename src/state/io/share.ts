// The current run or suite as files for people and tools outside finbound: the self-contained HTML
// report and OTLP JSON spans. Both are written from the same sealed exports the Export buttons write
// (io-slice's sealedExport, taken as values), so what is shared is what a seal covers. Both writers
// load with a dynamic import on first use, never with the page (the OTLP one carries the
// OpenTelemetry SDK: ~12 KB gzipped).
import { declaredFailures } from "../../evaluation/design.ts";
import type { SealStatus } from "../../interop/html-report.ts";
import type { ExportFile, PartedFile } from "./io-slice.ts";
import type { Store } from "../store.ts";
import { fixtureById } from "../workspace/workspace-slice.ts";
import { yieldToPage } from "../scheduling/yield-to-page.ts";

export type ShareFormat = "html" | "otlp";

export type ShareFile = (ExportFile | PartedFile) & { mimeType: string };

/** Parts of the HTML report (a run's section each) written between two pauses. */
const SECTIONS_PER_PAUSE = 25;

/** The workbench seals what it exports a moment before: the report says so rather than "not checked". */
const SEALED_HERE = { status: "verified" as SealStatus, message: "sealed by the workbench when this file was written" };

/**
 * A writer's parts, kept apart for the download, with the page let back in every `perPause` parts:
 * a 10,000-run report is seconds of work. An empty part is the writer saying it may pause (while it
 * reads the runs) and is not kept.
 */
async function collectParts(parts: Iterable<string>, perPause: number): Promise<string[]> {
  const kept: string[] = [];
  for (const part of parts) {
    if (part !== "") kept.push(part);
    if (part === "" || kept.length % perPause === 0) await yieldToPage();
  }
  return kept;
}

/** Each fixture's declared failures for a candidate, looked up once per pair (a suite asks for every run). */
function declaredIn(state: Store): (fixtureId: string, candidate: string) => readonly string[] | undefined {
  const known = new Map<string, readonly string[] | undefined>();
  return (fixtureId, candidate) => {
    const key = JSON.stringify([fixtureId, candidate]);
    if (!known.has(key)) known.set(key, declaredFailures(fixtureById(state, fixtureId), candidate));
    return known.get(key);
  };
}

/** The HTML report or the OTLP JSON of the current run or suite; null when there is nothing finished to share. */
export async function shareFile(state: Store, what: "run" | "suite", format: ShareFormat): Promise<ShareFile | null> {
  const sealed = await state.sealedExport(what, { includeDiagnostics: false });
  if (!sealed) return null;
  const runs = sealed.kind === "run" ? [sealed.file] : sealed.file.runs;
  const base = sealed.baseName;
  if (format === "otlp") {
    const { otlpJsonParts } = await import("../../interop/otlp.ts");
    // A part is a few runs' spans: seconds of work for a 10,000-run suite.
    return { fileName: `${base}.otlp.json`, parts: await collectParts(otlpJsonParts(runs, { seal: SEALED_HERE }), 1), mimeType: "application/json" };
  }
  const { htmlReportParts } = await import("../../interop/html-report.ts");
  const parts = htmlReportParts(runs, {
    source: `${base}.json`,
    seal: SEALED_HERE,
    declaredFailures: declaredIn(state),
    ...(sealed.kind === "suite" && sealed.file.integrity ? { suiteDigest: sealed.file.integrity.digest } : {}),
  });
  return { fileName: `${base}.html`, parts: await collectParts(parts, SECTIONS_PER_PAUSE), mimeType: "text/html" };
}
