import { cleanup, fireEvent, render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { isLoadFailure, ViewBoundary } from "../../src/ui/shared/ViewBoundary.tsx";

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

  it("draws its view again on Try again, and shows the message again if it fails again", () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    let fail = true;
    function Matrix() {
      if (fail) throw new Error("rows is undefined");
      return <p>the matrix</p>;
    }
    const { getByRole, getByText, getByTestId, queryByTestId } = render(
      <ViewBoundary view="matrix" resetKeys={[]}>
        <Matrix />
      </ViewBoundary>,
    );
    expect(getByTestId("view-failed").dataset.reason).toBe("failed");
    fireEvent.click(getByRole("button", { name: "Try again" }));
    expect(getByTestId("view-failed").textContent).toContain("rows is undefined");
    fail = false;
    fireEvent.click(getByRole("button", { name: "Try again" }));
    expect(queryByTestId("view-failed")).toBeNull();
    expect(getByText("the matrix")).toBeTruthy();
  });

  it("says a view whose code did not arrive could not be loaded, not that it failed", () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    function NotLoaded(): never {
      throw new TypeError("Failed to fetch dynamically imported module: http://127.0.0.1:4173/assets/SuiteView-x.js");
    }
    const { getByTestId } = render(
      <ViewBoundary view="suite" resetKeys={[]}>
        <NotLoaded />
      </ViewBoundary>,
    );
    const alert = getByTestId("view-failed");
    expect(alert.dataset.reason).toBe("not-loaded");
    expect(alert.textContent).toContain("The suite view could not be loaded");
    expect(alert.textContent).toContain("check that the workbench's server is still running.");
  });

  it("knows each browser's words for a failed dynamic import, and nothing else", () => {
    expect(isLoadFailure(new TypeError("Failed to fetch dynamically imported module: http://x/a.js"))).toBe(true);
    expect(isLoadFailure(new TypeError("error loading dynamically imported module: http://x/a.js"))).toBe(true);
    expect(isLoadFailure(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isLoadFailure(new Error("Unable to preload CSS for /assets/SuiteView.css"))).toBe(true);
    expect(isLoadFailure(new TypeError("Cannot read properties of undefined (reading 'map')"))).toBe(false);
  });
});
