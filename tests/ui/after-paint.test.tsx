import { act, cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { AfterPaint } from "../../src/ui/shared/after-paint.tsx";

afterEach(cleanup);

/** One animation frame, then the task after it. */
const frame = (): Promise<void> => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

describe("AfterPaint", () => {
  it("shows the placeholder first, then its children in a later task", async () => {
    const { queryByText } = render(
      <AfterPaint placeholder={<p>drawing…</p>}>
        <p>chart</p>
      </AfterPaint>,
    );
    expect(queryByText("drawing…")).not.toBeNull();
    expect(queryByText("chart")).toBeNull();
    await act(frame);
    await act(frame);
    expect(queryByText("chart")).not.toBeNull();
    expect(queryByText("drawing…")).toBeNull();
  });

  it("a later part waits more frames than an earlier one", async () => {
    const { queryByText } = render(
      <>
        <AfterPaint placeholder={<p>first…</p>}>
          <p>first</p>
        </AfterPaint>
        <AfterPaint frames={3} placeholder={<p>second…</p>}>
          <p>second</p>
        </AfterPaint>
      </>,
    );
    await act(frame);
    await act(frame);
    expect(queryByText("first")).not.toBeNull();
    expect(queryByText("second")).toBeNull();
    await act(frame);
    await act(frame);
    expect(queryByText("second")).not.toBeNull();
  });

  it("unsliced, it mounts in the task after the frame too", async () => {
    const { queryByText } = render(
      <AfterPaint sliced={false} placeholder={<p>preparing…</p>}>
        <p>result</p>
      </AfterPaint>,
    );
    expect(queryByText("result")).toBeNull();
    await act(frame);
    expect(queryByText("result")).not.toBeNull();
  });
});
