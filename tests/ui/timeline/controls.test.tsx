import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { NO_MATCHES } from "../../../src/state/search/search-matches.ts";
import { CursorControls } from "../../../src/ui/timeline/RunControls.tsx";
import { matchCountText } from "../../../src/ui/timeline/TimelineFind.tsx";

afterEach(cleanup);

function Stepper({ count, start }: { count: number; start: number }) {
  const [cursor, setCursor] = useState(start);
  return <CursorControls cursor={cursor} count={count} playing={false} onMove={(i) => setCursor(Math.max(0, Math.min(i, count - 1)))} onPlay={() => {}} />;
}

describe("the step buttons", () => {
  it("a button that can no longer act keeps the focus and does nothing when pressed", () => {
    render(<Stepper count={3} start={1} />);
    const next = screen.getByRole("button", { name: "Next event" });
    next.focus();
    fireEvent.click(next);
    expect(screen.getByTestId("cursor-position").textContent).toBe("event 3 of 3");
    expect(next.getAttribute("aria-disabled")).toBe("true");
    expect(next.hasAttribute("disabled")).toBe(false);
    expect(document.activeElement).toBe(next);
    fireEvent.click(next);
    expect(screen.getByTestId("cursor-position").textContent).toBe("event 3 of 3");
    fireEvent.click(screen.getByRole("button", { name: "First event" }));
    expect(screen.getByRole("button", { name: "Previous event" }).getAttribute("aria-disabled")).toBe("true");
    expect(next.getAttribute("aria-disabled")).toBeNull();
  });
});

describe("the match count", () => {
  const m = { indices: Int32Array.from([2, 5, 9]), count: 3 };
  it("says which match the cursor is on, how many there are, or how far a long search has read", () => {
    expect(matchCountText("", m, 5, 10, 10, false)).toBe("");
    expect(matchCountText("x", m, 5, 10, 10, false)).toBe("2 of 3");
    expect(matchCountText("x", m, 4, 10, 10, false)).toBe("3 matches");
    expect(matchCountText("x", { indices: m.indices, count: 1 }, 4, 10, 10, false)).toBe("1 match");
    expect(matchCountText("x", NO_MATCHES, 4, 10, 10, false)).toBe("no match");
    expect(matchCountText("x", m, 4, 250_000, 1_000_000, true)).toBe("3 so far (25 %)");
  });
});
