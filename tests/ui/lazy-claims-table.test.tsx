import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { Store } from "../../src/state/store.ts";
import { claimsTable, LazyClaimsTable } from "../../src/ui/claims/lazy-claims-table.tsx";
import { makeStore } from "../state/test-deps.ts";

afterEach(cleanup);

async function finished(candidate: string) {
  const store = makeStore();
  store.getState().selectFixture("fv-scenario-a", candidate);
  await store.getState().startRun();
  return store;
}

const propsOf = (s: Store) => ({ claims: s.at?.final?.claims ?? [], verdicts: s.run?.scored?.verdicts ?? null, observations: s.at?.observations ?? new Map(), attempts: s.at?.attempts ?? new Map() });

// One module instance for the file: the first test sees the code not yet in.
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
