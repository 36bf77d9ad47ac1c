import type { CDPSession, Page } from "@playwright/test";

// The longest task figure is wall time, as the 50 ms target counts it. On a machine with two cores a
// task's wall time also holds the time its thread waited for a core: the import worker's collector,
// which runs as the import ends, takes the other core and a helper thread with it. A Chromium trace
// (its lightest category, every thread's tasks) gives each main-thread task's CPU time beside its
// wall time, so the page's own work is told apart from that wait.

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/** The main thread's tasks while a trace ran. CPU times are null when the trace has none (no thread CPU clock). */
export interface MainThreadTasks {
  /** The longest task's wall time and its CPU time. */
  longest: { wallMs: number; cpuMs: number | null };
  /** The most CPU time any one task took. */
  mostCpuMs: number | null;
  /** The trace's buffer filled and events were lost: the figures may miss tasks. */
  dataLost: boolean;
}

/** Starts a trace of every thread's tasks; the returned function ends it and reads the main thread's. */
export async function traceMainThread(page: Page): Promise<() => Promise<MainThreadTasks>> {
  const cdp = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  // The protocol types each event as a record of strings; Chromium's trace events are read as TraceEvent.
  cdp.on("Tracing.dataCollected", (data) => void events.push(...(data.value as unknown as TraceEvent[])));
  await cdp.send("Tracing.start", { traceConfig: { includedCategories: ["toplevel"], recordMode: "recordContinuously" }, transferMode: "ReportEvents" });
  return async () => {
    const dataLost = await stop(cdp);
    await cdp.detach();
    return { ...mainThreadTasks(events), dataLost };
  };
}

/** Ends the trace once every event has been handed over; whether some were lost. */
async function stop(cdp: CDPSession): Promise<boolean> {
  const complete = new Promise<boolean>((resolve) => cdp.once("Tracing.tracingComplete", (done) => resolve(done.dataLossOccurred)));
  await cdp.send("Tracing.end");
  return complete;
}

/** The renderer main thread's top-level tasks in `events` (there is one renderer: one page). */
export function mainThreadTasks(events: readonly TraceEvent[]): Omit<MainThreadTasks, "dataLost"> {
  const main = new Set(events.filter((e) => e.ph === "M" && e.name === "thread_name" && e.args?.name === "CrRendererMain").map((e) => `${e.pid}:${e.tid}`));
  const tasks = events.filter((e) => e.ph === "X" && e.name === "ThreadControllerImpl::RunTask" && main.has(`${e.pid}:${e.tid}`));
  const round = (x: number): number => Math.round(x * 10) / 10;
  const cpu = (task: TraceEvent): number | null => (task.tdur === undefined ? null : round(task.tdur / 1000));
  let longest: TraceEvent | null = null;
  let mostCpuMs: number | null = null;
  for (const task of tasks) {
    if ((task.dur ?? 0) > (longest?.dur ?? 0)) longest = task;
    const taskCpu = cpu(task);
    if (taskCpu !== null) mostCpuMs = Math.max(mostCpuMs ?? 0, taskCpu);
  }
  return { longest: { wallMs: round((longest?.dur ?? 0) / 1000), cpuMs: longest ? cpu(longest) : null }, mostCpuMs };
}
