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

/** The main thread's tasks while a trace ran: wall and CPU milliseconds of each. */
export interface MainThreadTasks {
  /** The longest task's wall time and its CPU time. */
  longest: { wallMs: number; cpuMs: number };
  /** The most CPU time any one task took. */
  mostCpuMs: number;
}

/** Starts a trace of every thread's tasks; the returned function ends it and reads the main thread's. */
export async function traceMainThread(page: Page): Promise<() => Promise<MainThreadTasks>> {
  const cdp = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  // The protocol types each event as an object of any shape: these are read as TraceEvent.
  cdp.on("Tracing.dataCollected", (data) => void events.push(...(data.value as unknown as TraceEvent[])));
  await cdp.send("Tracing.start", { traceConfig: { includedCategories: ["toplevel"] }, transferMode: "ReportEvents" });
  return async () => {
    await stop(cdp);
    await cdp.detach();
    return mainThreadTasks(events);
  };
}

async function stop(cdp: CDPSession): Promise<void> {
  const complete = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
  await cdp.send("Tracing.end");
  await complete;
}

/** The renderer main thread's top-level tasks in `events` (there is one renderer: one page). */
export function mainThreadTasks(events: readonly TraceEvent[]): MainThreadTasks {
  const main = new Set(events.filter((e) => e.ph === "M" && e.name === "thread_name" && e.args?.name === "CrRendererMain").map((e) => `${e.pid}:${e.tid}`));
  const tasks = events.filter((e) => e.ph === "X" && e.name === "ThreadControllerImpl::RunTask" && main.has(`${e.pid}:${e.tid}`));
  let longest = { wallMs: 0, cpuMs: 0 };
  let mostCpuMs = 0;
  for (const task of tasks) {
    const wallMs = (task.dur ?? 0) / 1000;
    const cpuMs = (task.tdur ?? 0) / 1000;
    if (wallMs > longest.wallMs) longest = { wallMs, cpuMs };
    mostCpuMs = Math.max(mostCpuMs, cpuMs);
  }
  const round = (x: number): number => Math.round(x * 10) / 10;
  return { longest: { wallMs: round(longest.wallMs), cpuMs: round(longest.cpuMs) }, mostCpuMs: round(mostCpuMs) };
}
