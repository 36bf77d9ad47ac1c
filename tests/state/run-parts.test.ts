import { describe, expect, it } from "vitest";
import { evaluateScripted } from "../../src/evaluation/evaluate.ts";
import { CursorIndex } from "../../src/state/run/cursor-index.ts";
import { isLong, RunAssembler, runParts, type RunPart } from "../../src/state/run/run-parts.ts";
import { fixture } from "../support.ts";

describe("a long run crosses from the import worker in parts", () => {
  it("no part holds more than the part size, and the parts put back together are the run", async () => {
    const run = await evaluateScripted(fixture("fv-scenario-a"), "reads-other-household");
    if (!run) throw new Error("no run");
    const size = 2;
    expect(isLong(run, size)).toBe(true);
    const parts: RunPart[] = [...runParts(run, size)];
    expect(parts[0]).toMatchObject({ part: "head", run: { events: [], result: { tool_calls: [] } } });
    for (const part of parts) {
      if (part.part === "events") expect(part.events.length).toBeLessThanOrEqual(size);
      if (part.part === "calls") expect(part.calls.length).toBeLessThanOrEqual(size);
    }
    const assembler = new RunAssembler();
    const back = parts.map((p) => assembler.add(structuredClone(p)));
    expect(back.slice(0, -1).every((r) => r === null)).toBe(true);
    expect(back.at(-1)).toEqual(run);
  });

  it("a short run is not split", async () => {
    const run = await evaluateScripted(fixture("fv-scenario-a"), "reference");
    expect(isLong(run!)).toBe(false);
  });

  it("a cursor index synced as the events parts arrive answers as one built from the whole run", async () => {
    const fx = fixture("fv-scenario-a");
    const run = await evaluateScripted(fx, "reads-other-household");
    if (!run) throw new Error("no run");
    const assembler = new RunAssembler();
    const bit = new CursorIndex(fx);
    for (const part of runParts(run, 2)) {
      assembler.add(part);
      if (part.part === "events") bit.sync(assembler.events);
    }
    const whole = new CursorIndex(fx);
    whole.sync(run.events);
    for (let i = 0; i < run.events.length; i++) expect(bit.at(i)).toEqual(whole.at(i));
    expect(bit.facts().kindCounts()).toEqual(whole.facts().kindCounts());
  });
});
