import { cleanup, fireEvent, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { Store } from "../../src/state/store.ts";
import { ClaimsTable } from "../../src/ui/claims/ClaimsTable.tsx";
import { claimsTable, LazyClaimsTable } from "../../src/ui/claims/lazy-claims-table.tsx";
import { makeStore } from "../state/test-deps.ts";

afterEach(cleanup);

/** The claims panel's props for a finished run of `candidate`, with the cursor at `cursor` (default: the end). */
async function finished(candidate: string) {
  const store = makeStore();
  store.getState().selectFixture("fv-scenario-a", candidate);
  await store.getState().startRun();
  return store;
}

const propsOf = (s: Store) => ({ claims: s.at?.final?.claims ?? [], verdicts: s.run?.scored?.verdicts ?? null, observations: s.at?.observations ?? new Map(), attempts: s.at?.attempts ?? new Map() });

describe("ClaimsTable", () => {
  it("an expanded claim closes when the next run is shown, and stays open while the cursor moves within a run", async () => {
    const first = await finished("reference");
    const { getByTestId, queryByTestId, rerender } = render(<ClaimsTable {...propsOf(first.getState())} />);
    const toggle = getByTestId("claim-row-0").querySelector("button");
    if (!toggle) throw new Error("no toggle");
    fireEvent.click(toggle);
    expect(queryByTestId("claim-detail")).not.toBeNull();

    // Back before the final decision (no claims yet), then to the end again: the same claims, still open.
    first.getState().setCursor(0);
    rerender(<ClaimsTable {...propsOf(first.getState())} />);
    first.getState().setCursor(first.getState().run?.events.length ?? 0);
    rerender(<ClaimsTable {...propsOf(first.getState())} />);
    expect(queryByTestId("claim-detail")).not.toBeNull();

    // Another run: its claim 0 is another claim, and starts closed.
    const second = await finished("reference");
    rerender(<ClaimsTable {...propsOf(second.getState())} />);
    expect(getByTestId("claim-row-0")).toBeDefined();
    expect(queryByTestId("claim-detail")).toBeNull();
    expect(getByTestId("claim-row-0").querySelector("button")?.getAttribute("aria-expanded")).toBe("false");
  });
});

// The claims table as the run view draws it, its code loaded on demand. One lazy part for the file:
// the first of these tests sees its code not yet loaded through it.
describe("LazyClaimsTable", () => {
  it("says a run has no claims without loading the table's code, and shows a line until the code is in, then the table", async () => {
    const store = await finished("reference");
    store.getState().setCursor(0);
    const page = render(<LazyClaimsTable {...propsOf(store.getState())} />);
    expect(page.container.textContent).toBe("No claims.");
    expect(claimsTable.loaded()).toBeNull();

    store.getState().setCursor(store.getState().run?.events.length ?? 0);
    page.rerender(<LazyClaimsTable {...propsOf(store.getState())} />);
    expect(page.container.textContent).toBe("Loading the claims table…");
    expect(await page.findByTestId("claim-row-0")).toBeTruthy();
    expect(claimsTable.loaded()).not.toBeNull();
  });

  it("draws the table at once, without the line, once the code is in", async () => {
    await claimsTable.preload();
    const store = await finished("reference");
    const page = render(<LazyClaimsTable {...propsOf(store.getState())} />);
    expect(page.getByTestId("claim-row-0")).toBeTruthy();
    expect(page.queryByText("Loading the claims table…")).toBeNull();
  });
});
