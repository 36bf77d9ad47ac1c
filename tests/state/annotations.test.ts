import { describe, expect, it } from "vitest";
import { createTextAnnotationsStore, memoryTextStorage, type TextStorage } from "../../src/state/annotations/annotations-store.ts";
import { runAnnotations } from "../../src/state/annotations/annotations-slice.ts";
import { makeStore } from "./test-deps.ts";

const NOW = () => "2026-11-30T00:00:00.000Z";
/** A picked file's bytes (jsdom's Blob has no arrayBuffer). */
const picked = (text: string) => ({ arrayBuffer: async () => new TextEncoder().encode(text).buffer as ArrayBuffer });

/** A page over `storage`, as after a (re)load. */
async function page(storage: TextStorage) {
  const store = makeStore({ annotations: createTextAnnotationsStore(() => storage, NOW) });
  await store.getState().loadAnnotations();
  return store;
}

async function run(store: Awaited<ReturnType<typeof page>>, fixture: string, candidate: string) {
  store.getState().selectFixture(fixture, candidate);
  await store.getState().startRun();
}

describe("annotations", () => {
  it("a verdict marked disputed keeps its author, time and verdict, and survives a reload", async () => {
    const storage = memoryTextStorage();
    const store = await page(storage);
    await run(store, "fv-scenario-a", "reference");
    const verdict = store.getState().run!.scored!.verdicts[0]!;
    expect(await store.getState().annotateVerdict({ check: verdict.check, mark: "disputed", reason: " too strict ", author: "ana" })).toEqual({ ok: true });
    const [note] = store.getState().annotations.items;
    expect(note).toMatchObject({ mark: "disputed", reason: "too strict", author: "ana", at: NOW(), verdict: { status: verdict.status }, target: { fixture: "fv-scenario-a", candidate: "reference", check: verdict.check } });

    const reloaded = await page(storage);
    expect(reloaded.getState().annotations).toMatchObject({ items: [note], author: "ana" });
    await run(reloaded, "fv-scenario-a", "reference");
    // The same scripted run replayed has the same events, so the same head: the note is on it.
    const head = await reloaded.getState().runEventsHead();
    expect(note?.target.run_events_head).toBe(head);
    expect(runAnnotations(reloaded.getState().run, reloaded.getState().annotations.items, head)).toEqual([{ annotation: note, current: verdict, stale: false }]);
    // Until the head is known, a note that names one is not shown on any run.
    expect(runAnnotations(reloaded.getState().run, reloaded.getState().annotations.items)).toEqual([]);
  });

  it("an annotation without a reason or an author is refused and nothing is saved", async () => {
    const store = await page(memoryTextStorage());
    await run(store, "fv-scenario-a", "reference");
    const check = store.getState().run!.scored!.verdicts[0]!.check;
    expect(await store.getState().annotateVerdict({ check, mark: "confirmed", reason: "  ", author: "ana" })).toMatchObject({ ok: false });
    expect(await store.getState().annotateVerdict({ check, mark: "confirmed", reason: "ok", author: "" })).toMatchObject({ ok: false });
    expect(store.getState().annotations.items).toEqual([]);
  });

  it("a re-scored import of the run keeps its annotations attached; another run does not show them", async () => {
    const store = await page(memoryTextStorage());
    await run(store, "fv-scenario-a", "reads-other-household");
    const failing = store.getState().run!.scored!.verdicts.find((v) => v.status === "fail")!;
    await store.getState().annotateVerdict({ check: failing.check, mark: "confirmed", reason: "right call", author: "ana" });
    const file = await store.getState().exportRun({ includeDiagnostics: false });
    await run(store, "fv-scenario-a", "reference");
    expect(runAnnotations(store.getState().run, store.getState().annotations.items, await store.getState().runEventsHead())).toEqual([]);
    expect(await store.getState().importText(file!.fileName, file!.text)).toBe(true);
    expect(runAnnotations(store.getState().run, store.getState().annotations.items, await store.getState().runEventsHead())).toMatchObject([{ stale: false, annotation: { target: { check: failing.check } } }]);
  });

  it("a note made on one run of a fixture and candidate is not shown on another run of them with other events; an old note without a head still is", async () => {
    const store = await page(memoryTextStorage());
    await run(store, "fv-scenario-a", "reference");
    const verdict = store.getState().run!.scored!.verdicts[0]!;
    await store.getState().annotateVerdict({ check: verdict.check, mark: "confirmed", reason: "fine", author: "ana" });
    const [note] = store.getState().annotations.items;
    const current = store.getState().run!;
    // Another run of the same fixture and candidate: same names, one event different.
    const events = [...current.scored!.events];
    const last = events.length - 1;
    events[last] = { ...events[last]!, at_ms: events[last]!.at_ms + 1 };
    const other = { ...current, events, scored: { ...current.scored!, events } };
    store.setState({ run: other });
    const otherHead = await store.getState().runEventsHead();
    expect(otherHead).not.toBe(note!.target.run_events_head);
    expect(runAnnotations(other, [note!], otherHead)).toEqual([]);
    const { run_events_head: _head, ...legacyTarget } = note!.target;
    expect(runAnnotations(other, [{ ...note!, target: legacyTarget }], otherHead)).toHaveLength(1);
  });

  it("an annotation whose verdict changed since is shown stale, never dropped", async () => {
    const store = await page(memoryTextStorage());
    await run(store, "fv-scenario-a", "reference");
    const verdict = store.getState().run!.scored!.verdicts[0]!;
    await store.getState().annotateVerdict({ check: verdict.check, mark: "confirmed", reason: "fine", author: "ana" });
    const [note] = store.getState().annotations.items;
    const flipped = { ...store.getState().run!, scored: { ...store.getState().run!.scored!, verdicts: [{ ...verdict, status: verdict.status === "pass" ? ("fail" as const) : ("pass" as const) }] } };
    expect(runAnnotations(flipped, [note!], note!.target.run_events_head)).toMatchObject([{ stale: true }]);
  });

  it("export writes finbound.annotations/v1; importing it elsewhere adds them; a bad file changes nothing", async () => {
    const store = await page(memoryTextStorage());
    await run(store, "fv-scenario-a", "reference");
    await store.getState().annotateVerdict({ check: store.getState().run!.scored!.verdicts[0]!.check, mark: "disputed", reason: "why", author: "ana" });
    const file = store.getState().exportAnnotations();
    expect(JSON.parse(file.text)).toMatchObject({ format: "finbound.annotations/v1", annotations: [{ author: "ana" }] });

    const other = await page(memoryTextStorage());
    expect(await other.getState().importAnnotations("bad.json", picked('{"format":"finbound.annotations/v1","annotations":[{"id":1}]'))).toBe(false);
    expect(await other.getState().importAnnotations("wrong.json", picked('{"format":"finbound.annotations/v2","exported_at":"x","annotations":[]}'))).toBe(false);
    expect(other.getState().annotations.items).toEqual([]);
    expect(other.getState().notice).toMatchObject({ kind: "error", text: expect.stringContaining("wrong.json") });
    expect(await other.getState().importAnnotations(file.fileName, picked(file.text))).toBe(true);
    expect(other.getState().annotations.items).toEqual(store.getState().annotations.items);
  });

  it("unreadable saved annotations are reported and not loaded", async () => {
    const storage = memoryTextStorage();
    storage.setItem("finbound.annotations", "{nope");
    const store = await page(storage);
    expect(store.getState().annotations.items).toEqual([]);
    expect(store.getState().notice).toMatchObject({ kind: "error", text: expect.stringContaining("unreadable") });
  });
});
