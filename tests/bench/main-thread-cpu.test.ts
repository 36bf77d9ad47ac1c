import { describe, expect, it } from "vitest";
import { gcPauses, mainThreadTasks, tasksAtMarks } from "../../e2e/bench/main-thread-cpu.ts";

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

describe("tasksAtMarks (bench:ui's arrow-key steps)", () => {
  const at = (ts: number, wallMs: number, cpuMs: number, tid = 10) => ({ ...task(1, tid, wallMs, cpuMs), ts });
  const mark = (ts: number, name = "bench:keydown", tid = 10) => ({ name, ph: "R", cat: "blink.user_timing", pid: 1, tid, ts });

  it("finds the main-thread task each mark was made in, in the marks' order, and nothing for marks of another name or thread", () => {
    const events = [
      thread(1, 10, "CrRendererMain"),
      thread(1, 11, "DedicatedWorker thread"),
      // A worker's task that spans the second mark's time, listed first: not the page's.
      at(19_000, 30, 30, 11),
      at(1_000, 8, 6),
      at(20_000, 4, 3),
      at(50_000, 12, 9),
      mark(50_500),
      mark(20_100),
      mark(20_200, "something else"),
      mark(1_200, "bench:keydown", 11),
    ];
    expect(tasksAtMarks(events, "bench:keydown")).toEqual([
      { wallMs: 4, cpuMs: 3, gcMs: 0 },
      { wallMs: 12, cpuMs: 9, gcMs: 0 },
    ]);
  });

  it("leaves out a mark made in no traced task (the trace started in the middle of it)", () => {
    expect(tasksAtMarks([thread(1, 10, "CrRendererMain"), at(1_000, 2, 2), mark(9_000)], "bench:keydown")).toEqual([]);
  });

  it("counts the collector's pauses inside each step's task, nested pauses once", () => {
    const gc = (ts: number, ms: number, name: string, tid = 10) => ({ name, ph: "X", pid: 1, tid, ts, dur: ms * 1000 });
    const events = [
      thread(1, 10, "CrRendererMain"),
      thread(1, 11, "DedicatedWorker thread"),
      at(1_000, 10, 10),
      at(20_000, 10, 10),
      mark(1_500),
      mark(20_500),
      // A scavenge and the MinorGC event around it: one pause of 3 ms in the first step's task.
      gc(2_000, 3, "MinorGC"),
      gc(2_500, 2, "V8.GCScavenger"),
      // A worker's collection while the second step ran: not the page's.
      gc(21_000, 5, "MinorGC", 11),
    ];
    expect(tasksAtMarks(events, "bench:keydown")).toEqual([
      { wallMs: 10, cpuMs: 10, gcMs: 3 },
      { wallMs: 10, cpuMs: 10, gcMs: 0 },
    ]);
  });
});

describe("gcPauses (bench:ui's stepping)", () => {
  it("merges nested and overlapping pauses on the main thread and leaves out other threads'", () => {
    const gc = (ts: number, ms: number, name: string, tid = 10) => ({ name, ph: "X", pid: 1, tid, ts, dur: ms * 1000 });
    const events = [thread(1, 10, "CrRendererMain"), gc(0, 4, "MajorGC"), gc(1_000, 2, "V8.GCFinalizeMC"), gc(10_000, 1, "MinorGC"), gc(20_000, 9, "MinorGC", 11), gc(30_000, 9, "V8.Execute")];
    expect(gcPauses(events)).toEqual({ count: 2, totalMs: 5, longestMs: 4 });
    expect(gcPauses([thread(1, 10, "CrRendererMain")])).toEqual({ count: 0, totalMs: 0, longestMs: 0 });
  });
});
