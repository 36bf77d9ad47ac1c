// Imports run in a Web Worker: the file is streamed, read, verified and re-scored here, run by run,
// so the page's main thread only receives progress and the re-scored runs in batches (a long run in
// parts, so no message takes the page long to receive, one at a time: PartTaken).
import "../zod-jitless.ts";
import { importFile, importStored } from "../../evaluation/import/pipeline.ts";
import { sha256Sync } from "../../integrity/sha256-sync.ts";
import { freezeParsed } from "../../runtime/freeze.ts";
import type { ImportProgress } from "../../evaluation/import/types.ts";
import type { Fixture } from "../../schemas/fixture.ts";
import type { ScoredRun } from "../../schemas/scored-run.ts";
import { createIndexedDbHistory } from "../idb-history.ts";
import { every, PROGRESS_EVERY_MS } from "../../state/scheduling/rate-gate.ts";
import { type ImportRequest, type ImportWorkerMessage, type ImportWorkerRequest, type LinkRequest } from "./import-protocol.ts";
import { keepForLink, linkEntryOf } from "../../state/links/run-link-entry.ts";
import { isLong, runParts } from "../../state/run/run-parts.ts";
import { blobSource } from "../../state/io/import-task.ts";
import { messageOf } from "./protocol.ts";

const post = (message: ImportWorkerMessage): void => self.postMessage(message);

/** Runs go to the page in batches: one message per run would cost more to deliver than to score. */
const BATCH = 64;

/** The one run the last import read, kept so its link can be made here (LinkRequest). */
let imported: { run: ScoredRun; fixtures: readonly Fixture[] } | null = null;

/** Resolves when the page has taken the part sent last (PartTaken). */
let taken: (() => void) | null = null;

self.onmessage = (event: MessageEvent<ImportWorkerRequest>) => {
  const request = event.data;
  if (request.type === "part-taken") {
    taken?.();
    taken = null;
  } else void (request.type === "import" ? runImport(request) : makeLink(request));
};

/** A long run, part by part: each sent when the page has taken the last; the import waits till the end. */
async function sendInParts(run: ScoredRun): Promise<void> {
  for (const part of runParts(run)) {
    const next = new Promise<void>((resolve) => (taken = resolve));
    post({ type: "run-part", ...part });
    await next;
  }
}

async function runImport({ input, fixtures: sent, maxWholeBytes, maxLineBytes }: ImportRequest): Promise<void> {
  // This worker's own copies, frozen as a fixture loaded from a file is: a run's environment is then
  // made once per fixture, and alike runs are replayed once (evaluation/replays.ts).
  const fixtures = freezeParsed(sent);
  let batch: ScoredRun[] = [];
  let runs = 0;
  // Progress, and the runs so far with it, at most every PROGRESS_EVERY_MS. Every message the page
  // receives leaves garbage that Blink's collector finalises later on the page's thread, in one task:
  // fewer messages make that task short.
  const report = every(PROGRESS_EVERY_MS, () => performance.now());
  const flush = (): void => {
    if (batch.length > 0) post({ type: "runs", runs: batch });
    batch = [];
  };
  try {
    const options = {
      fixtures,
      sha256: sha256Sync,
      maxWholeBytes,
      maxLineBytes,
      onRun: (run: ScoredRun) => {
        runs += 1;
        imported = runs === 1 ? { run, fixtures } : null;
        if (!isLong(run)) {
          batch.push(run);
          if (batch.length >= BATCH) flush();
          return;
        }
        flush();
        return sendInParts(run);
      },
      onProgress: (progress: ImportProgress) => {
        if (!report()) return;
        flush();
        post({ type: "progress", progress });
      },
    };
    const result = await ("stored" in input ? importStored(input.stored, options) : importFile(blobSource(input.file), options));
    flush();
    post({ type: "done", result });
  } catch (error) {
    post({ type: "failed", message: messageOf(error) });
  }
}

/** The link to the imported run, kept in the browser's stores as the page would keep it (run-link.ts). */
async function makeLink({ kind }: LinkRequest): Promise<void> {
  const run = imported?.run;
  const fixture = imported?.fixtures.find((f) => f.id === run?.fixture);
  if (!run || !fixture) return post({ type: "link", link: null });
  try {
    const entry = await linkEntryOf(run, fixture, kind, { sha256: sha256Sync, nowIso: new Date().toISOString() });
    post({ type: "link", link: await keepForLink(entry, { history: createIndexedDbHistory("history"), links: createIndexedDbHistory("links") }) });
  } catch {
    // The page makes the link itself (and reports what fails there).
    post({ type: "link", link: null });
  }
}
