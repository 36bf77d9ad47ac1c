import { describe, expect, it } from "vitest";
import { mainThreadTasks } from "../../e2e/bench/main-thread-cpu.ts";

const thread = (pid: number, tid: number, name: string) => ({ name: "thread_name", ph: "M", pid, tid, args: { name } });
const task = (pid: number, tid: number, wallMs: number, cpuMs: number, name = "ThreadControllerImpl::RunTask") => ({ name, ph: "X", pid, tid, dur: wallMs * 1000, tdur: cpuMs * 1000 });

describe("mainThreadTasks (bench:ui's traced import)", () => {
  it("reads the renderer main thread's tasks only: the longest one's wall and CPU time, and the most CPU any one took", () => {
    const events = [
      thread(1, 10, "CrRendererMain"),
      thread(1, 11, "DedicatedWorker thread"),
      thread(2, 20, "CrBrowserMain"),
      task(1, 10, 90, 20),
      task(1, 10, 45, 44),
      task(1, 10, 12, 12),
      // Longer, and all CPU, but on other threads: not the page's main thread.
      task(1, 11, 700, 500),
      task(2, 20, 300, 300),
      // Not a task.
      task(1, 10, 400, 400, "Layout"),
    ];
    expect(mainThreadTasks(events)).toEqual({ longest: { wallMs: 90, cpuMs: 20 }, mostCpuMs: 44 });
  });

  it("has no CPU figure for a trace with no main-thread task, or whose tasks carry no CPU time", () => {
    expect(mainThreadTasks([thread(1, 11, "DedicatedWorker thread"), task(1, 11, 80, 80)])).toEqual({ longest: { wallMs: 0, cpuMs: null }, mostCpuMs: null });
    const noCpuClock = { name: "ThreadControllerImpl::RunTask", ph: "X", pid: 1, tid: 10, dur: 70_000 };
    expect(mainThreadTasks([thread(1, 10, "CrRendererMain"), noCpuClock])).toEqual({ longest: { wallMs: 70, cpuMs: null }, mostCpuMs: null });
  });
});
