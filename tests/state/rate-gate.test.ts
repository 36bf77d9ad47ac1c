import { describe, expect, it } from "vitest";
import { every } from "../../src/state/scheduling/rate-gate.ts";

describe("every", () => {
  it("opens the first time, then once the interval has passed since it last opened", () => {
    let t = 1000;
    const open = every(100, () => t);
    expect(open()).toBe(true);
    t = 1099;
    expect(open()).toBe(false);
    t = 1100;
    expect(open()).toBe(true);
    // Counted from when it last opened, not from the last time it was asked.
    t = 1150;
    expect(open()).toBe(false);
    t = 1199;
    expect(open()).toBe(false);
    t = 1200;
    expect(open()).toBe(true);
  });

  it("opens at a clock's first reading whatever it is, zero or negative", () => {
    expect(every(100, () => 0)()).toBe(true);
    expect(every(100, () => -5)()).toBe(true);
  });

  it("keeps each gate's time apart", () => {
    let t = 0;
    const a = every(50, () => t);
    const b = every(50, () => t);
    expect(a()).toBe(true);
    t = 10;
    expect(b()).toBe(true);
    expect(a()).toBe(false);
    t = 55;
    expect(a()).toBe(true);
    expect(b()).toBe(false);
  });
});
