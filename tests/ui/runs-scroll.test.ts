import type { Virtualizer } from "@tanstack/react-virtual";
import { describe, expect, it, vi } from "vitest";
import { markScrolledSideways, observeOffsetNotingMoves, scrollUnlessStillAtTop } from "../../src/ui/suite/runs-scroll.ts";

/** Just what the adapters read of a virtualizer: its scroll element, its window and its options. */
function virtualizerOf(element: HTMLDivElement): Virtualizer<HTMLDivElement, Element> {
  return { scrollElement: element, targetWindow: window, options: { horizontal: false, isRtl: false, useScrollendEvent: false, isScrollingResetDelay: 150 } } as unknown as Virtualizer<HTMLDivElement, Element>;
}

describe("the runs table's scroll writes", () => {
  it("a wrap that never left the top is not told to go there; any other offset, or one left the top, is written", () => {
    const wrap = document.createElement("div");
    const scrollTo = vi.fn();
    wrap.scrollTo = scrollTo as unknown as typeof wrap.scrollTo;
    const instance = virtualizerOf(wrap);
    const stop = observeOffsetNotingMoves(instance, () => {});

    scrollUnlessStillAtTop(0, {}, instance);
    expect(scrollTo).not.toHaveBeenCalled();
    scrollUnlessStillAtTop(0, { adjustments: 27 }, instance);
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 27, behavior: undefined });
    scrollUnlessStillAtTop(540, {}, instance);
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 540, behavior: undefined });

    // The reader scrolls it down: from then on, the top is a move like any other.
    scrollTo.mockClear();
    wrap.scrollTop = 300;
    wrap.dispatchEvent(new Event("scroll"));
    scrollUnlessStillAtTop(0, {}, instance);
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: undefined });

    // Back at the top (a scroll event found it there): the top is not written again.
    scrollTo.mockClear();
    wrap.scrollTop = 0;
    wrap.dispatchEvent(new Event("scroll"));
    scrollUnlessStillAtTop(0, {}, instance);
    expect(scrollTo).not.toHaveBeenCalled();
    stop?.();
  });

  it("the wrap is marked scrolled sideways while it is, so its run column is sticky only then", () => {
    const wrap = document.createElement("div");
    const scrollTo = (left: number, top = 0): void => {
      wrap.scrollLeft = left;
      wrap.scrollTop = top;
      wrap.dispatchEvent(new Event("scroll"));
    };
    const stop = markScrolledSideways(wrap);
    expect(wrap.hasAttribute("data-scrolled-x")).toBe(false);
    scrollTo(0, 400);
    expect(wrap.hasAttribute("data-scrolled-x")).toBe(false);
    scrollTo(120, 400);
    expect(wrap.hasAttribute("data-scrolled-x")).toBe(true);
    scrollTo(0, 400);
    expect(wrap.hasAttribute("data-scrolled-x")).toBe(false);
    // Once let go, the wrap's scrolling marks nothing.
    stop();
    scrollTo(120);
    expect(wrap.hasAttribute("data-scrolled-x")).toBe(false);
  });
});
