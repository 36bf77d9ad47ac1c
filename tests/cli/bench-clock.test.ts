import { describe, expect, it } from "vitest";
import { atReferenceSpeed, inTurns, REPEATS } from "../../src/cli/bench-clock.ts";

describe("how the benches time", () => {
  it("scales each turn's time by the calibration of the same turn before taking the median", () => {
    // The second turn ran at half the speed of the first and third: scaled, it reads as they do.
    expect(atReferenceSpeed([100, 200, 300], [150, 300, 150])).toBe(100);
    // The medians of each apart would pair 200 ms with a 150 ms calibration: twice the time.
    expect(atReferenceSpeed([200, 400, 240], [300, 600, 100])).toBe(100);
  });

  it("calls the functions in turns, each once more first when warmed up, and times every call", async () => {
    const calls: string[] = [];
    const turns = await inTurns([async () => void calls.push("a"), async () => void calls.push("b")], { warmUp: true });
    expect(calls).toEqual(Array.from({ length: REPEATS + 1 }, () => ["a", "b"]).flat());
    expect(turns.map((t) => t.length)).toEqual([REPEATS, REPEATS]);
    expect(turns.cold).toHaveLength(2);
  });

  it("lets a workload settle for untimed turns before as many timed ones as asked", async () => {
    const calls: string[] = [];
    const turns = await inTurns([async () => void calls.push("a"), async () => void calls.push("b")], { warmUp: true, settle: 2, repeats: 5 });
    expect(calls).toEqual(Array.from({ length: 5 + 3 }, () => ["a", "b"]).flat());
    expect(turns.map((t) => t.length)).toEqual([5, 5]);
    expect(turns.cold).toHaveLength(2);
  });
});
