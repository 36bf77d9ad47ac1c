import { describe, expect, it } from "vitest";
import { followScrollTop, mayBeAwayFromTop } from "../../src/ui/shared/scroll-top.ts";

describe("whether a scroll area may be away from its top", () => {
  it("follows the area's scroll events: away once one finds it below its top, at the top again once one finds it there", () => {
    const box = document.createElement("div");
    const scrollTo = (top: number): void => {
      box.scrollTop = top;
      box.dispatchEvent(new Event("scroll"));
    };
    const stop = followScrollTop(box);
    expect(mayBeAwayFromTop(box)).toBe(false);
    scrollTo(300);
    expect(mayBeAwayFromTop(box)).toBe(true);
    scrollTo(0);
    expect(mayBeAwayFromTop(box)).toBe(false);
    // Not followed any more: its scrolling is no longer noted.
    stop();
    scrollTo(300);
    expect(mayBeAwayFromTop(box)).toBe(false);
  });
});
