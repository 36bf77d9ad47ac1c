import type { Annotation, AnnotationTarget } from "../schemas/annotation.ts";
import type { Verdict } from "../schemas/verdict.ts";

// Which annotations belong to a run, and whether each still describes the verdict it was made on.
// A re-score keeps every annotation: one whose verdict changed is shown as stale, never dropped.

export interface AnnotatedRun {
  fixture: string;
  candidate: string;
  trial?: number | undefined;
  /** The run's sealed digest, when it has one. */
  digest: string | null;
  /** The head of the hash chain over its events; undefined while not yet known. */
  eventsHead?: string | undefined;
  verdicts: readonly Verdict[];
}

export interface AttachedAnnotation {
  annotation: Annotation;
  /** The run's verdict for the check now, or null when the check no longer exists. */
  current: Verdict | null;
  /** The verdict's status changed since the annotation was made. */
  stale: boolean;
}

/**
 * The events' chain head names exactly one run (a note made on it shows on no other run of the same
 * fixture and candidate, and on none until the run's head is known); so does a digest; a note from
 * before either was kept falls back to fixture, candidate and trial.
 */
export function annotates(target: AnnotationTarget, run: AnnotatedRun): boolean {
  if (target.run_events_head !== undefined) return target.run_events_head === run.eventsHead;
  if (target.run_digest !== null && run.digest !== null) return target.run_digest === run.digest;
  return target.fixture === run.fixture && target.candidate === run.candidate && (target.trial ?? 1) === (run.trial ?? 1);
}

export function annotationsOf(run: AnnotatedRun, annotations: readonly Annotation[]): AttachedAnnotation[] {
  return annotations
    .filter((a) => annotates(a.target, run))
    .map((annotation) => {
      const current = run.verdicts.find((v) => v.check === annotation.target.check) ?? null;
      return { annotation, current, stale: current?.status !== annotation.verdict.status };
    })
    .sort((x, y) => x.annotation.at.localeCompare(y.annotation.at));
}
