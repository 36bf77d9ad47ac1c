import { describe, expect, it } from "vitest";
import { serverQueue } from "../../src/candidates/http/server-queue.ts";

describe("finbound's count of its own requests at a server with N slots", () => {
  const clock = () => {
    let t = 0;
    return { now: () => t, at: (ms: number) => void (t = ms) };
  };

  it("a request sent while a slot is free waits for nothing", () => {
    const c = clock();
    const q = serverQueue(2, c.now);
    const a = q.enter();
    c.at(100);
    const b = q.enter();
    c.at(5_000);
    expect(a.waitedMs()).toBe(0);
    expect(b.waitedMs()).toBe(0);
  });

  it("one sent while every slot is busy waits until a request ahead of it ends, first come first served", () => {
    const c = clock();
    const q = serverQueue(1, c.now);
    const a = q.enter();
    c.at(10);
    const b = q.enter();
    c.at(20);
    const d = q.enter();
    c.at(300);
    expect(b.waitedMs()).toBe(290);
    a.leave();
    c.at(900);
    expect(b.waitedMs()).toBe(290);
    expect(d.waitedMs()).toBe(880);
    b.leave();
    expect(d.waitedMs()).toBe(880);
    c.at(2_000);
    expect(d.waitedMs()).toBe(880);
  });

  it("a request abandoned while it waits gives up its place, not a slot; leaving twice changes nothing", () => {
    const c = clock();
    const q = serverQueue(1, c.now);
    const a = q.enter();
    const b = q.enter();
    const d = q.enter();
    c.at(50);
    b.leave();
    b.leave();
    c.at(70);
    a.leave();
    a.leave();
    expect(d.waitedMs()).toBe(70);
    const e = q.enter();
    c.at(100);
    expect(e.waitedMs()).toBe(30);
  });
});
