import { describe, expect, it } from "vitest";
import { annotationsOf, type AnnotatedRun } from "../../src/evaluation/annotations.ts";
import { Annotation, AnnotationsFile } from "../../src/schemas/annotation.ts";

const run: AnnotatedRun = {
  fixture: "fv-scenario-a", candidate: "http:m", trial: 2, digest: "sha256:aa",
  verdicts: [{ check: "message_backed", status: "fail", expected: null, actual: null, explanation: "2 is in no record" }],
};
const note = (over: Partial<Annotation> = {}, target: Partial<Annotation["target"]> = {}): Annotation => ({
  id: "a1", mark: "disputed", reason: "the 2 is a count of calls", author: "priya", at: "2026-11-30T10:00:00Z",
  verdict: { status: "fail", explanation: "2 is in no record" },
  target: { fixture: "fv-scenario-a", candidate: "http:m", trial: 2, run_digest: "sha256:aa", check: "message_backed", ...target },
  ...over,
});

describe("annotations", () => {
  it("validate: a reason, an author and an ISO time are required", () => {
    expect(Annotation.safeParse(note()).success).toBe(true);
    expect(Annotation.safeParse(note({ reason: "  " })).success).toBe(false);
    expect(Annotation.safeParse(note({ at: "yesterday" })).success).toBe(false);
    expect(AnnotationsFile.safeParse({ format: "finbound.annotations/v1", exported_at: "x", annotations: [note()] }).success).toBe(true);
  });

  it("a note that names the run's events head attaches to that run only, and to none while the run's head is unknown", () => {
    const head = "a".repeat(64);
    const named = note({}, { run_digest: null, run_events_head: head });
    expect(Annotation.safeParse(named).success).toBe(true);
    expect(Annotation.safeParse(note({}, { run_events_head: "sha256:aa" })).success).toBe(false);
    expect(annotationsOf({ ...run, digest: null, eventsHead: head }, [named])).toHaveLength(1);
    expect(annotationsOf({ ...run, digest: null, eventsHead: "b".repeat(64) }, [named])).toHaveLength(0);
    expect(annotationsOf({ ...run, digest: null }, [named])).toHaveLength(0);
  });

  it("attach by digest when both sides have one, else by fixture, candidate and trial", () => {
    expect(annotationsOf(run, [note()])).toHaveLength(1);
    expect(annotationsOf(run, [note({}, { run_digest: "sha256:bb" })])).toHaveLength(0);
    expect(annotationsOf({ ...run, digest: null }, [note({}, { run_digest: "sha256:bb" })])).toHaveLength(1);
    expect(annotationsOf({ ...run, digest: null }, [note({}, { run_digest: null, trial: 3 })])).toHaveLength(0);
  });

  it("survive a re-score: one whose verdict changed is kept and marked stale", () => {
    const rescored = { ...run, verdicts: [{ ...run.verdicts[0]!, status: "pass" as const }] };
    expect(annotationsOf(run, [note()])[0]).toMatchObject({ stale: false });
    expect(annotationsOf(rescored, [note()])[0]).toMatchObject({ stale: true, current: { status: "pass" } });
    expect(annotationsOf({ ...run, verdicts: [] }, [note()])[0]).toMatchObject({ stale: true, current: null });
  });
});
