import { describe, expect, it } from "vitest";
import { Progress } from "../../src/cli/progress.ts";

const stream = (isTTY: boolean) => {
  const written: string[] = [];
  return { written, s: { isTTY, write: (t: string) => written.push(t) } };
};

describe("the progress line", () => {
  it("on a terminal, rewrites one line with runs done, passes, rate and ETA, and ends it", () => {
    let now = 0;
    const { written, s } = stream(true);
    const p = new Progress(s, 10, () => now);
    now = 2000;
    p.done("passed");
    now = 4000;
    p.done("failed");
    p.finish();
    expect(written[0]).toMatch(/^\r1\/10 runs, 1 passed \(100%\), 0\.5 runs\/s, ETA 18 s/);
    expect(written[1]).toMatch(/^\r2\/10 runs, 1 passed \(50%\), 0\.5 runs\/s, ETA 16 s/);
    expect(written.at(-1)).toBe("\n");
  });

  it("counts an infrastructure failure apart: the share passed is of the runs judged", () => {
    const { written, s } = stream(true);
    const p = new Progress(s, 4, () => 1000);
    p.done("passed");
    p.done("infrastructure");
    p.done("failed");
    expect(written[1]).toMatch(/^\r2\/4 runs, 1 passed \(100%\), 1 infrastructure, /);
    expect(written[2]).toMatch(/^\r3\/4 runs, 1 passed \(50%\), 1 infrastructure, /);
  });

  it("writes nothing to a pipe or a file", () => {
    const { written, s } = stream(false);
    const p = new Progress(s, 3);
    p.done("passed");
    p.finish();
    expect(written).toEqual([]);
  });
});
