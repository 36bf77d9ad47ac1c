import { cleanup, fireEvent, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { AccessPanel } from "../../src/ui/access/AccessPanel.tsx";
import { SHOWN_FIRST } from "../../src/ui/shared/abridged.tsx";
import { VerdictList } from "../../src/ui/verdicts/VerdictList.tsx";

afterEach(cleanup);

const ids = (n: number): string[] => Array.from({ length: n }, (_, i) => `call-${i + 1}`);

describe("a run's long lists show the first few until asked for all", () => {
  it("the access panel names the first call ids of a household, how many more, and shows all on request", () => {
    const { container, getByRole } = render(
      <AccessPanel households={[{ household: "HH-2002", in_scope: false, authorised: false, denied: ids(10_000), disclosed: [], failed: [], pending: [] }]} taskHouseholds={["HH-1001"]} finished />,
    );
    const denied = (): string => container.querySelector('[data-ids="denied"]')?.textContent ?? "";
    expect(denied()).toContain(`call-${SHOWN_FIRST} and ${(10_000 - SHOWN_FIRST).toLocaleString("en-US")} more`);
    expect(denied()).not.toContain(`call-${SHOWN_FIRST + 1},`);
    fireEvent.click(getByRole("button", { name: "show all 10,000" }));
    expect(denied()).toContain("call-9999, call-10000");
  });

  it("a verdict's list value lists the first items and counts the rest", () => {
    const { container } = render(<VerdictList verdicts={[{ check: "no_unauthorised_access", status: "fail", expected: "no denied attempt", actual: ids(500), explanation: "denied" }]} />);
    const items = container.querySelectorAll('[data-value="actual"] li');
    expect(items).toHaveLength(SHOWN_FIRST + 1);
    expect(items[SHOWN_FIRST]?.textContent).toContain(`and ${500 - SHOWN_FIRST} more`);
  });

  it("a short list is shown whole, without a toggle", () => {
    const { container, queryByRole } = render(
      <AccessPanel households={[{ household: "HH-2002", in_scope: false, authorised: false, denied: ids(3), disclosed: [], failed: [], pending: [] }]} taskHouseholds={["HH-1001"]} finished />,
    );
    expect(container.querySelector('[data-ids="denied"]')?.textContent).toBe("denied: call-1, call-2, call-3");
    expect(queryByRole("button")).toBeNull();
  });
});
