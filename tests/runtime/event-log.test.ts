import { describe, expect, it } from "vitest";
import { EventLog } from "../../src/runtime/event-log.ts";

describe("the event log", () => {
  it("records an attempt as a deep frozen copy: mutating the caller's arguments afterwards changes nothing recorded", () => {
    const log = new EventLog();
    const args = { household: "HH-1001", nested: { amounts: [1, 2] } };
    const recorded = log.append({ kind: "attempt", call_id: "call-1", tool: "portfolio.read", arguments: args }, 1, 0);
    args.household = "HH-2002";
    args.nested.amounts.push(3);
    expect(recorded).toMatchObject({ arguments: { household: "HH-1001", nested: { amounts: [1, 2] } } });
    expect(log.events[0]).toBe(recorded);
    expect(Object.isFrozen((recorded as { arguments: { nested: object } }).arguments.nested)).toBe(true);
  });

  it("stamps sequence, step and time, never letting time go backwards", () => {
    const log = new EventLog();
    log.append({ kind: "budget_exhausted", reason: "steps" }, 1, 500);
    const second = log.append({ kind: "budget_exhausted", reason: "steps" }, 2, 100);
    expect(second).toMatchObject({ seq: 1, step: 2, at_ms: 500 });
  });

  it("hands every event to subscribers as it is appended", () => {
    const log = new EventLog();
    const seen: number[] = [];
    const unsubscribe = log.subscribe((e) => seen.push(e.seq));
    log.append({ kind: "budget_exhausted", reason: "deadline" }, 0, 0);
    unsubscribe();
    log.append({ kind: "budget_exhausted", reason: "deadline" }, 0, 0);
    expect(seen).toEqual([0]);
  });
});
