import { describe, expect, it } from "vitest";
import type { Candidate, CandidateTurn, TranscriptEntry } from "../../src/runtime/candidate.ts";
import { createVirtualClock } from "../../src/runtime/clock.ts";
import { runEpisode } from "../../src/runtime/episode.ts";
import { Transcript } from "../../src/runtime/transcript.ts";
import { REFERENCE_BUDGET } from "../../src/schemas/budget.ts";
import { CONC_1001, final, fixture, tool } from "../support.ts";

const conc = fixture("concentration-hh1001");
const READ = JSON.stringify(tool("portfolio.read", { household: "HH-1001" }));

/** An observation entry's payload. */
function payloadOf(entry: TranscriptEntry | undefined): Record<string, unknown> {
  if (entry?.role !== "observation") throw new Error(`not an observation: ${JSON.stringify(entry)}`);
  return entry.payload;
}

/** A candidate that replies with `texts` in order and keeps every turn it was handed. */
function keeping(texts: string[], onTurn: (turn: CandidateTurn) => void = () => {}): Candidate & { turns: CandidateTurn[] } {
  const turns: CandidateTurn[] = [];
  return {
    name: "keeping",
    turns,
    async next(turn) {
      turns.push(turn);
      onTurn(turn);
      return { value: { ok: true, text: texts[turns.length - 1] ?? JSON.stringify(final("refused")), finishReason: "stop", usage: null } };
    },
  };
}

const attempts: [string, (t: TranscriptEntry[]) => unknown][] = [
  ["push", (t) => t.push({ role: "candidate", text: "forged" })],
  ["an index", (t) => (t[0] = { role: "candidate", text: "forged" })],
  ["the length", (t) => (t.length = 0)],
  ["splice", (t) => t.splice(0, 1)],
  ["pop", (t) => t.pop()],
  ["delete", (t) => delete t[0]],
  ["freeze", (t) => Object.freeze(t)],
  ["an entry", (t) => ((t[0] as { text: string }).text = "forged")],
  ["an observation's data", (t) => ((payloadOf(t[1]).data as Record<string, unknown>).equity_inr = 1)],
];

describe("the transcript a candidate is handed", () => {
  it.each(attempts)("refuses a candidate that writes to %s, and the run records what really happened", async (_what, write) => {
    let refused: unknown;
    const candidate = keeping([READ, READ], (turn) => {
      if (turn.step !== 2) return;
      try {
        write(turn.transcript as TranscriptEntry[]);
      } catch (error) {
        refused = error;
      }
    });
    const run = await runEpisode({ fixture: conc, candidate, clock: createVirtualClock() });
    expect(refused).toBeInstanceOf(TypeError);
    const later = candidate.turns[2]?.transcript ?? [];
    expect(later.map((e) => e.role)).toEqual(["candidate", "observation", "candidate", "observation"]);
    expect(later[0]).toEqual({ role: "candidate", text: READ });
    expect(later[1]).toMatchObject({ role: "observation", payload: { status: "observed", data: { equity_inr: 48000000 } } });
    expect(run.events.filter((e) => e.kind === "observation")).toHaveLength(2);
  });

  it("shows each turn exactly what was recorded before it, even when read after the run", async () => {
    const candidate = keeping([READ, JSON.stringify(tool("concentration", CONC_1001))]);
    await runEpisode({ fixture: conc, candidate, clock: createVirtualClock() });
    expect(candidate.turns.map((t) => t.transcript.length)).toEqual([0, 2, 4]);
    const [, second, third] = candidate.turns.map((t) => t.transcript);
    expect(second?.map((e) => e.role)).toEqual(["candidate", "observation"]);
    expect(second?.[2]).toBeUndefined();
    expect(second && 2 in second).toBe(false);
    // Later turns share the recorded entries: nothing is copied per turn.
    expect(third?.[0]).toBe(second?.[0]);
    expect(third?.[1]).toBe(second?.[1]);
  });

  it("reads like an array: indexing, iteration, map, spread, keys and JSON", async () => {
    const candidate = keeping([READ]);
    await runEpisode({ fixture: conc, candidate, clock: createVirtualClock() });
    const view = candidate.turns[1]?.transcript ?? [];
    expect(Array.isArray(view)).toBe(true);
    expect([...view].map((e) => e.role)).toEqual(["candidate", "observation"]);
    expect(view.map((e) => e.role)).toEqual(["candidate", "observation"]);
    expect(Object.keys(view)).toEqual(["0", "1"]);
    expect(JSON.parse(JSON.stringify(view))).toEqual([{ role: "candidate", text: READ }, expect.objectContaining({ role: "observation", call_id: "call-1" })]);
    expect(view.at(-1)).toMatchObject({ role: "observation" });
  });

  it("hands the observation the recorded data itself, deep frozen", async () => {
    const candidate = keeping([READ]);
    const run = await runEpisode({ fixture: conc, candidate, clock: createVirtualClock() });
    const entry = candidate.turns[1]?.transcript[1];
    const observed = run.events.find((e) => e.kind === "observation") as { data: unknown };
    expect(payloadOf(entry).data).toBe(observed.data);
    expect(Object.isFrozen(entry)).toBe(true);
    expect(Object.isFrozen(payloadOf(entry))).toBe(true);
  });

  it("stays one view per turn over a long run (4,000 decisions), whose last turn sees every entry", async () => {
    const n = 4_000;
    let lastLength = -1;
    const candidate: Candidate = {
      name: "long",
      async next(turn) {
        lastLength = turn.transcript.length;
        const text = turn.step < n ? READ : JSON.stringify(final("refused"));
        return { value: { ok: true, text, finishReason: "stop", usage: null } };
      },
    };
    const run = await runEpisode({ fixture: conc, candidate, clock: createVirtualClock(), budget: { ...REFERENCE_BUDGET, max_decisions: n } });
    expect(run.result.outcome).toBe("refused");
    expect(lastLength).toBe(2 * (n - 1));
  });
});

describe("the Transcript record", () => {
  it("freezes what it records: the caller's object can change afterwards, the record cannot", () => {
    const transcript = new Transcript();
    const payload = { call_id: "call-1", status: "observed", data: { amounts: [1, 2] } };
    transcript.append({ role: "observation", call_id: "call-1", payload });
    payload.data.amounts.push(3);
    const [entry] = transcript.view();
    expect(entry).toEqual({ role: "observation", call_id: "call-1", payload: { call_id: "call-1", status: "observed", data: { amounts: [1, 2] } } });
    expect(Object.isFrozen((payloadOf(entry).data as { amounts: number[] }).amounts)).toBe(true);
  });

  it("gives a view whose length is fixed when it is taken", () => {
    const transcript = new Transcript();
    transcript.append({ role: "candidate", text: "one" });
    const before = transcript.view();
    transcript.append({ role: "candidate", text: "two" });
    expect(before).toHaveLength(1);
    expect(transcript.view()).toHaveLength(2);
    expect(before.includes(transcript.view()[1] as TranscriptEntry)).toBe(false);
  });
});
