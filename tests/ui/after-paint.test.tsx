import { act, cleanup, render } from "@testing-library/react";
import { useEffect } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AfterPaint, useSteps } from "../../src/ui/shared/after-paint.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

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

  it("parts take turns: two whose frames are up together are drawn in separate commits, a frame apart, in the order they asked", async () => {
    const commits: string[][] = [];
    const Probe = ({ name }: { name: string }) => {
      useEffect(() => {
        const last = commits.at(-1);
        // Effects of one commit run in one go, before any later task: grouped by the task they ran in.
        if (last && last[0] === `task ${String(tasks)}`) last.push(name);
        else commits.push([`task ${String(tasks)}`, name]);
      }, [name]);
      return <p>{name}</p>;
    };
    let tasks = 0;
    const tick = (): Promise<void> => frame().then(() => void (tasks += 1));
    const { queryByText, unmount } = render(
      <>
        <AfterPaint placeholder={<p>a…</p>}>
          <Probe name="a" />
        </AfterPaint>
        <AfterPaint placeholder={<p>b…</p>}>
          <Probe name="b" />
        </AfterPaint>
      </>,
    );
    while (queryByText("a") === null && tasks < 10) await act(tick);
    expect(queryByText("b")).toBeNull();
    await act(tick);
    expect(queryByText("b")).not.toBeNull();
    expect(commits.map((c) => c.slice(1))).toEqual([["a"], ["b"]]);
    unmount();
  });

  it("a part removed while it waits for its turn gives the turn on", async () => {
    const first = render(
      <>
        <AfterPaint placeholder={<p>a…</p>}>
          <p>a</p>
        </AfterPaint>
        <AfterPaint placeholder={<p>b…</p>}>
          <p>b</p>
        </AfterPaint>
      </>,
    );
    await act(frame);
    first.unmount();
    const later = render(
      <AfterPaint placeholder={<p>c…</p>}>
        <p>c</p>
      </AfterPaint>,
    );
    await act(frame);
    await act(frame);
    expect(later.queryByText("c")).not.toBeNull();
  });

  it("a drawn part whose frames change does not wait again: the next part still gets its turn", async () => {
    const a = (frames: number) => (
      <AfterPaint frames={frames} placeholder={<p>a…</p>}>
        <p>a</p>
      </AfterPaint>
    );
    const { queryByText, rerender } = render(<>{a(1)}</>);
    for (let i = 0; i < 10 && queryByText("a") === null; i++) await act(frame);
    expect(queryByText("a")).not.toBeNull();
    rerender(
      <>
        {a(2)}
        {/* Its frames come after a's new ones: a would take the turn first. */}
        <AfterPaint frames={3} placeholder={<p>b…</p>}>
          <p>b</p>
        </AfterPaint>
      </>,
    );
    for (let i = 0; i < 10 && queryByText("b") === null; i++) await act(frame);
    expect(queryByText("b")).not.toBeNull();
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

  it("deferIf, read when it mounts: false shows the children at once and keeps them as the condition changes", async () => {
    const part = (deferIf: boolean) => (
      <AfterPaint deferIf={deferIf} placeholder={<p>laying out…</p>}>
        <p>list</p>
      </AfterPaint>
    );
    const small = render(part(false));
    expect(small.queryByText("list")).not.toBeNull();
    small.rerender(part(true));
    expect(small.queryByText("list")).not.toBeNull();
    expect(small.queryByText("laying out…")).toBeNull();
    small.unmount();

    const large = render(part(true));
    expect(large.queryByText("list")).toBeNull();
    large.rerender(part(false));
    expect(large.queryByText("list")).toBeNull();
    await act(frame);
    await act(frame);
    expect(large.queryByText("list")).not.toBeNull();
  });

  it("hands a width-taking part the width its slot was laid out at, or 0 when it does not wait", async () => {
    // The DOM here has no layout: a ResizeObserver that reports every slot 412.6 px wide stands in.
    class Reporting {
      constructor(private readonly report: (entries: { contentRect: { width: number } }[]) => void) {}
      observe(): void {
        this.report([{ contentRect: { width: 412.6 } }]);
      }
      disconnect(): void {}
    }
    vi.stubGlobal("ResizeObserver", Reporting);
    const seen: number[] = [];
    const part = (deferIf: boolean) => (
      <AfterPaint deferIf={deferIf} placeholder={<p>drawing…</p>}>
        {(width) => {
          seen.push(width);
          return <p>chart at {width}</p>;
        }}
      </AfterPaint>
    );
    const now = render(part(false));
    expect(now.queryByText("chart at 0")).not.toBeNull();
    now.unmount();
    const later = render(part(true));
    expect(later.queryByText("drawing…")).not.toBeNull();
    await act(frame);
    await act(frame);
    expect(later.queryByText("chart at 413")).not.toBeNull();
    expect(seen).toEqual([0, 413]);
  });
});

describe("useSteps", () => {
  const Stepped = ({ stepped, seen }: { stepped: boolean; seen: number[] }) => {
    const step = useSteps(3, stepped);
    useEffect(() => void seen.push(step), [step, seen]);
    return <p>step {step}</p>;
  };

  it("draws one more step per turn after the one before it, each in a commit of its own, up to the count", async () => {
    const seen: number[] = [];
    const { queryByText } = render(<Stepped stepped seen={seen} />);
    expect(queryByText("step 1")).not.toBeNull();
    for (let i = 0; i < 10 && queryByText("step 3") === null; i++) await act(frame);
    expect(queryByText("step 3")).not.toBeNull();
    expect(seen).toEqual([1, 2, 3]);
    await act(frame);
    await act(frame);
    expect(seen).toEqual([1, 2, 3]);
  });

  it("not stepped: everything at once", () => {
    const seen: number[] = [];
    const { queryByText } = render(<Stepped stepped={false} seen={seen} />);
    expect(queryByText("step 3")).not.toBeNull();
    expect(seen).toEqual([3]);
  });

  it("a step waits its turn behind a part being drawn", async () => {
    const seen: number[] = [];
    const { queryByText } = render(
      <>
        <AfterPaint placeholder={<p>a…</p>}>
          <p>a</p>
        </AfterPaint>
        <Stepped stepped seen={seen} />
      </>,
    );
    for (let i = 0; i < 10 && queryByText("a") === null; i++) {
      await act(frame);
      // The part and the next step never appear in one commit.
      if (queryByText("a") !== null) expect(seen).toEqual([1]);
    }
    for (let i = 0; i < 10 && queryByText("step 3") === null; i++) await act(frame);
    expect(seen).toEqual([1, 2, 3]);
  });
});

