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
      <ViewBoundary view="suite">
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
        <ViewBoundary view="matrix">
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

  it("starts afresh for another view (App keys it by view)", () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { queryByTestId, getByText, rerender } = render(
      <ViewBoundary key="compare" view="compare">
        <Broken message="no runs" />
      </ViewBoundary>,
    );
    expect(queryByTestId("view-failed")).not.toBeNull();
    rerender(
      <ViewBoundary key="history" view="history">
        <p>the history</p>
      </ViewBoundary>,
    );
    expect(queryByTestId("view-failed")).toBeNull();
    expect(getByText("the history")).toBeTruthy();
  });

  it("names a thrown value that is not an Error", () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    function ThrowsText(): never {
      // What a careless library may throw.
      throw "bad state";
    }
    const { getByTestId } = render(
      <ViewBoundary view="run">
        <ThrowsText />
      </ViewBoundary>,
    );
    expect(getByTestId("view-failed").textContent).toContain("bad state");
  });
});
