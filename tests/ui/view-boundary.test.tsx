import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ViewBoundary } from "../../src/ui/shared/ViewBoundary.tsx";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function Broken({ message }: { message: string }): never {
  throw new Error(message);
}

describe("ViewBoundary", () => {
  it("shows its view's content while nothing throws", () => {
    const { getByText, queryByTestId } = render(
      <ViewBoundary view="suite" resetKeys={[]}>
        <p>the suite</p>
      </ViewBoundary>,
    );
    expect(getByText("the suite")).toBeTruthy();
    expect(queryByTestId("view-failed")).toBeNull();
  });

  it("replaces a view that throws while rendering by a message naming the view and the error, and leaves what is outside it", () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { getByTestId, getByText } = render(
      <div>
        <nav>tabs</nav>
        <ViewBoundary view="matrix" resetKeys={[]}>
          <Broken message="rows is undefined" />
        </ViewBoundary>
      </div>,
    );
    const alert = getByTestId("view-failed");
    expect(alert.getAttribute("role")).toBe("alert");
    expect(alert.textContent).toContain("The matrix view failed");
    expect(alert.textContent).toContain("rows is undefined");
    expect(getByText("tabs")).toBeTruthy();
    // What failed is in the console for whoever debugs it, with the view named.
    expect(logged.mock.calls.some((args) => String(args[0]).includes("the matrix view failed"))).toBe(true);
  });

  it("draws its view again when what the view shows changes (another run or suite opened), and not before", () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    let fail = true;
    function Suite() {
      if (fail) throw new Error("no runs");
      return <p>the suite</p>;
    }
    const suiteA = [1];
    const { queryByTestId, getByText, rerender } = render(
      <ViewBoundary view="suite" resetKeys={[7, suiteA]}>
        <Suite />
      </ViewBoundary>,
    );
    expect(queryByTestId("view-failed")).not.toBeNull();
    fail = false;
    // The same run and the same suite: the message stays (drawing it again would fail again).
    rerender(
      <ViewBoundary view="suite" resetKeys={[7, suiteA]}>
        <Suite />
      </ViewBoundary>,
    );
    expect(queryByTestId("view-failed")).not.toBeNull();
    // Another suite: drawn again.
    rerender(
      <ViewBoundary view="suite" resetKeys={[7, [1, 2]]}>
        <Suite />
      </ViewBoundary>,
    );
    expect(queryByTestId("view-failed")).toBeNull();
    expect(getByText("the suite")).toBeTruthy();
  });

  it("names a thrown value that is not an Error", () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    function ThrowsText(): never {
      // What a careless library may throw.
      throw "bad state";
    }
    const { getByTestId } = render(
      <ViewBoundary view="run" resetKeys={[]}>
        <ThrowsText />
      </ViewBoundary>,
    );
    expect(getByTestId("view-failed").textContent).toContain("bad state");
  });
});
