import { describe, expect, it } from "vitest";
import { AgentSession } from "../../src/evaluation/agent-session.ts";
import { JobQueue, planJobs } from "../../src/evaluation/plan.ts";
import { createVirtualClock } from "../../src/runtime/clock.ts";
import { REFERENCE_BUDGET } from "../../src/schemas/budget.ts";
import { FV_A, finalFvA, fixture } from "../support.ts";

function agentSession(clocks: { made: number }) {
  return new AgentSession({
    fixture: fixture("fv-scenario-a"),
    candidate: "mcp:test",
    trial: 2,
    budget: REFERENCE_BUDGET,
    clock: () => {
      clocks.made += 1;
      return createVirtualClock();
    },
  });
}

describe("an MCP session is one run of one fixture", () => {
  it("the task is there before any call; the first call starts the run (and its clock); the run is scored with its trial", async () => {
    const clocks = { made: 0 };
    const session = agentSession(clocks);
    expect(session.brief).toMatchObject({ fixture: "fv-scenario-a", maxDecisions: 4 });
    expect([session.started, clocks.made]).toEqual([false, 0]);
    await session.call({ name: "future_value", arguments: FV_A });
    expect([session.started, clocks.made]).toEqual([true, 1]);
    await session.call({ name: "submit_final", arguments: finalFvA() });
    const run = await session.finished;
    expect(run).toMatchObject({ fixture: "fv-scenario-a", candidate: "mcp:test", trial: 2, outcome: "answered", passed: true });
    expect(run?.events[0]).toMatchObject({ kind: "run_started", protocol: "mcp" });
  });

  it("the call that ends the run is answered before the run is scored: the scorer waits for beforeScoring", async () => {
    let release: () => void = () => {};
    const session = new AgentSession({
      fixture: fixture("fv-scenario-a"),
      candidate: "mcp:test",
      trial: 1,
      budget: REFERENCE_BUDGET,
      clock: createVirtualClock,
      beforeScoring: () => new Promise<void>((resolve) => (release = resolve)),
    });
    let scored = false;
    void session.finished.then(() => (scored = true));
    await session.call({ name: "future_value", arguments: FV_A });
    const answer = await session.call({ name: "submit_final", arguments: finalFvA() });
    expect(JSON.parse(answer.text)).toMatchObject({ status: "recorded", outcome: "answered" });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(scored).toBe(false);
    release();
    expect(await session.finished).toMatchObject({ outcome: "answered", passed: true });
  });

  it("a session closed before any call has no run", async () => {
    const clocks = { made: 0 };
    const session = agentSession(clocks);
    session.close();
    expect(await session.finished).toBeNull();
    expect(clocks.made).toBe(0);
  });
});

describe("a plan's jobs handed to sessions", () => {
  it("session n takes job n; a job given back is taken next; what is not finished is left in plan order", () => {
    const jobs = planJobs(["a", "b"], ["mcp:x"], 2);
    const queue = new JobQueue(jobs);
    const first = queue.take();
    const second = queue.take();
    expect([first, second]).toEqual([jobs[0], jobs[1]]);
    queue.giveBack(second!);
    expect(queue.take()).toBe(jobs[1]);
    queue.finish(first!);
    expect(queue.unfinished()).toEqual(jobs.slice(1));
    expect(queue.allFinished).toBe(false);
    for (const job of jobs.slice(1)) queue.finish(job);
    expect(queue.allFinished).toBe(true);
  });
});
