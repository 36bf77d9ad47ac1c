import { cleanup, fireEvent, render } from "@testing-library/react";
import { Suspense, type ComponentType } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { failedModuleUrl, lazyView, useLoadedPart, type LazyView } from "../../src/ui/shared/lazy-view.tsx";
import { ViewBoundary } from "../../src/ui/shared/ViewBoundary.tsx";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const Loaded = ({ name }: { name: string }) => <p>the {name} view</p>;

function mount(View: ComponentType<{ name: string }>) {
  return render(
    <ViewBoundary view="compare" resetKeys={[]}>
      <Suspense fallback={<p>loading</p>}>
        <View name="compare" />
      </Suspense>
    </ViewBoundary>,
  );
}

/** A load that fails while `server.down`, as a chunk's fetch does while the server is away. */
function flakyLoad() {
  const server = { down: true };
  const load = vi.fn(() => (server.down ? Promise.reject(new TypeError("Failed to fetch dynamically imported module: http://127.0.0.1/assets/CompareView-x.js")) : Promise.resolve(Loaded)));
  return { server, load };
}

describe("lazyView", () => {
  it("reads the chunk a failed dynamic import names, as Chromium and Firefox word it", () => {
    expect(failedModuleUrl(new TypeError("Failed to fetch dynamically imported module: http://127.0.0.1:5173/assets/CompareView-03oXerhk.js"))).toBe("http://127.0.0.1:5173/assets/CompareView-03oXerhk.js");
    expect(failedModuleUrl(new TypeError("error loading dynamically imported module: https://example.test/assets/x-1.mjs"))).toBe("https://example.test/assets/x-1.mjs");
    expect(failedModuleUrl(new Error("boom"))).toBeNull();
  });

  it("loads the view's code once, however often the view mounts", async () => {
    const load = vi.fn(() => Promise.resolve(Loaded));
    const { View } = lazyView(load, (c) => c);
    const first = mount(View);
    expect(await first.findByText("the compare view")).toBeTruthy();
    first.unmount();
    const second = mount(View);
    expect(await second.findByText("the compare view")).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("loads again after a failed load when the view is drawn again (Try again), where React.lazy would keep the failure", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { server, load } = flakyLoad();
    const { View } = lazyView(load, (c) => c);
    const page = mount(View);
    const alert = await page.findByTestId("view-failed");
    expect(alert.textContent).toContain("The compare view could not be loaded");
    const failedLoads = load.mock.calls.length;
    server.down = false;
    fireEvent.click(page.getByRole("button", { name: "Try again" }));
    expect(await page.findByText("the compare view")).toBeTruthy();
    expect(page.queryByTestId("view-failed")).toBeNull();
    expect(load).toHaveBeenCalledTimes(failedLoads + 1);
  });

  it("keeps the loaded component once a retry has succeeded: later mounts do not load again", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { server, load } = flakyLoad();
    const { View, current } = lazyView(load, (c) => c);
    const failed = current();
    const page = mount(View);
    await page.findByTestId("view-failed");
    // Kept until asked to try again: a fresh one at the failure would load and fail without end.
    expect(current()).toBe(failed);
    server.down = false;
    fireEvent.click(page.getByRole("button", { name: "Try again" }));
    await page.findByText("the compare view");
    const loads = load.mock.calls.length;
    const loaded = current();
    page.unmount();
    const again = mount(View);
    expect(await again.findByText("the compare view")).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(loads);
    expect(current()).toBe(loaded);
  });

  it("draws a part whose code is in (preloaded) at once, never its fallback, and loads nothing more", async () => {
    const load = vi.fn(() => Promise.resolve(Loaded));
    const { View, preload } = lazyView(load, (c) => c);
    await preload();
    const page = mount(View);
    // Synchronously: a lazy component would have shown "loading" first, and React holds a fallback ≥ 300 ms.
    expect(page.getByText("the compare view")).toBeTruthy();
    expect(page.queryByText("loading")).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("leaves a failed preload for the part to meet when drawn, which then loads again", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { server, load } = flakyLoad();
    const { View, preload } = lazyView(load, (c) => c);
    await expect(preload()).rejects.toThrow("dynamically imported module");
    server.down = false;
    const page = mount(View);
    expect(await page.findByText("the compare view")).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("loads one at a time: a preload still in flight and a first draw share one load", async () => {
    let settle: (c: typeof Loaded) => void = () => undefined;
    const load = vi.fn(() => new Promise<typeof Loaded>((resolve) => (settle = resolve)));
    const { View, preload } = lazyView(load, (c) => c);
    const early = preload();
    const page = mount(View);
    settle(Loaded);
    await early;
    expect(await page.findByText("the compare view")).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });
});

/** A part drawn through useLoadedPart, as the claims panel draws its table. */
function Panel({ part, needed }: { part: LazyView<{ name: string }>; needed: boolean }) {
  const { Part, failure, retry } = useLoadedPart(part, needed);
  if (!needed) return <p>nothing to show</p>;
  if (failure) {
    return (
      <p role="alert">
        not loaded: {failure.message}{" "}
        <button type="button" onClick={retry}>
          Try again
        </button>
      </p>
    );
  }
  return Part ? <Part name="claims" /> : <p>waiting</p>;
}

describe("useLoadedPart", () => {
  it("loads nothing while the part is not needed, stands in until the code is in, then draws the part", async () => {
    const load = vi.fn(() => Promise.resolve(Loaded));
    const part = lazyView(load, (c) => c);
    const page = render(<Panel part={part} needed={false} />);
    expect(load).not.toHaveBeenCalled();
    page.rerender(<Panel part={part} needed />);
    expect(page.getByText("waiting")).toBeTruthy();
    expect(await page.findByText("the claims view")).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("keeps a failed load to itself, and loads again on retry", async () => {
    const { server, load } = flakyLoad();
    const part = lazyView(load, (c) => c);
    const page = render(<Panel part={part} needed />);
    expect((await page.findByRole("alert")).textContent).toContain("Failed to fetch dynamically imported module");
    expect(load).toHaveBeenCalledTimes(1);
    server.down = false;
    fireEvent.click(page.getByRole("button", { name: "Try again" }));
    expect(await page.findByText("the claims view")).toBeTruthy();
    expect(page.queryByRole("alert")).toBeNull();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
