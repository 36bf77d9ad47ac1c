import { describe, expect, it } from "vitest";
import { cursorFromParams, setCursorParam } from "../../../src/ui/timeline/cursor-url.ts";

const read = (query: string) => cursorFromParams(new URLSearchParams(query));

describe("the cursor in the URL", () => {
  it("`at` is the event's number as shown, 1-based", () => {
    expect(read("at=6")).toBe(5);
    expect(read("at=1")).toBe(0);
  });

  it("an old link's `event` is still the 0-based index it always was", () => {
    expect(read("event=5")).toBe(5);
    expect(read("event=0")).toBe(0);
  });

  it("`at` wins over `event`; a bad value names no event", () => {
    expect(read("event=0&at=3")).toBe(2);
    for (const bad of ["at=0", "at=-1", "at=2.5", "at=x", "at=", "event=-1", "event=x", ""]) expect(read(bad), bad).toBeUndefined();
  });

  it("writes `at` only, dropping `event`, so a link carries one numbering", () => {
    const params = new URLSearchParams("fixture=f&candidate=c&event=5");
    setCursorParam(params, 5);
    expect(params.toString()).toBe("fixture=f&candidate=c&at=6");
    expect(cursorFromParams(params)).toBe(5);
  });
});
