import { z } from "zod";
import { HEX64 } from "./integrity.ts";
import { VerdictStatus } from "./verdict.ts";

// An analyst's note on a verdict: disputed or confirmed, with a reason, an author and a
// time. Annotations travel beside an export in their own file, never inside the sealed record, so a
// seal still proves what the runtime and the scorer said, and the analyst's word stays the analyst's.

export const ANNOTATIONS_FORMAT = "finbound.annotations/v1";

/** The run and check an annotation is about. */
export const AnnotationTarget = z.strictObject({
  fixture: z.string().min(1),
  candidate: z.string().min(1),
  trial: z.number().int().positive().optional(),
  /** The run's sealed digest when it had one: it then names exactly that run. */
  run_digest: z.string().nullable(),
  /**
   * The head of the hash chain over the run's events (the contract's integrity chain): the same for every
   * export, import and re-score of one run — unlike the digest, which covers the export time — and
   * different for another run of the same fixture and candidate. Absent in older files.
   */
  run_events_head: z.string().regex(HEX64).optional(),
  check: z.string().min(1),
});
export type AnnotationTarget = z.infer<typeof AnnotationTarget>;

export const AnnotationMark = z.enum(["disputed", "confirmed"]);
export type AnnotationMark = z.infer<typeof AnnotationMark>;

export const Annotation = z.strictObject({
  id: z.string().min(1),
  target: AnnotationTarget,
  /** The verdict as the analyst saw it: a later re-score that changes it makes the note stale, not wrong. */
  verdict: z.strictObject({ status: VerdictStatus, explanation: z.string() }),
  mark: AnnotationMark,
  reason: z.string().trim().min(1, "say why"),
  author: z.string().trim().min(1, "say who"),
  /** ISO 8601. */
  at: z.string().datetime({ offset: true }),
});
export type Annotation = z.infer<typeof Annotation>;

export const AnnotationsFile = z.strictObject({
  format: z.literal(ANNOTATIONS_FORMAT),
  exported_at: z.string(),
  annotations: z.array(Annotation),
});
export type AnnotationsFile = z.infer<typeof AnnotationsFile>;
