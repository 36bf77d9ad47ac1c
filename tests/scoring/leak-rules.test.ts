import { describe, expect, it } from "vitest";
import { checkNoLeak } from "../../src/scoring/check-integrity.ts";
import { findLeaks, restrictedFragments } from "../../src/scoring/leak.ts";
import { DETAILED_KINDS, viewOf } from "../../src/scoring/run-view.ts";
import { RunEvent } from "../../src/schemas/event.ts";
import { final, fixture, runReplies, tool } from "../support.ts";

// contract §8a "No internals in the result": which pieces of the restricted diagnostics count as fragments,
// how shown sentences are cut out, and what a finding quotes. Everything is computed inside the tests.

const kinds = (text: string, fragments: readonly string[] = [], shown: readonly string[] = []) => findLeaks("result.message", text, fragments, shown).map((l) => l.kind);
const excerpts = (text: string) => findLeaks("result.message", text, []).map((l) => l.excerpt);
const leaksDiagnostics = (restricted: string[], text: string, names: string[] = []) =>
  kinds(text, restrictedFragments(restricted, new Set(names))).includes("diagnostics text");

describe("the excerpt a finding quotes: up to 20 characters before and 60 after, cut at words", () => {
  it("quotes a short text whole", () => {
    expect(excerpts("ETIMEDOUT on read")).toEqual(["ETIMEDOUT on read"]);
    expect(excerpts("reading ETIMEDOUT")).toEqual(["reading ETIMEDOUT"]);
  });

  it("starts at a word when more than 20 characters stand before the match, and marks the cut", () => {
    expect(excerpts("The read failed with ETIMEDOUT.")).toEqual(["…read failed with ETIMEDOUT."]);
    expect(excerpts(`${"a".repeat(25)}   ETIMEDOUT`)).toEqual(["…ETIMEDOUT"]);
  });

  it("a match that starts with spaces keeps the 20 characters before it", () => {
    expect(excerpts(`${"a".repeat(30)}\n   ... 12 more`)).toEqual([`…${"a".repeat(19)} ... 12 more`]);
  });

  it("never cuts the end of a text that fits", () => {
    expect(excerpts("ETIMEDOUT while the store was reading it")).toEqual(["ETIMEDOUT while the store was reading it"]);
  });

  it("cuts inside a word before the match only when no space stands between the cut and the match", () => {
    expect(excerpts(`${"a".repeat(30)}-ETIMEDOUT`)).toEqual([`…${"a".repeat(19)}-ETIMEDOUT`]);
    expect(excerpts(`${"a".repeat(30)}-ETIMEDOUT now`)).toEqual([`…${"a".repeat(19)}-ETIMEDOUT now`]);
  });

  it("ends at a word more than 20 characters after the match start, and marks the cut", () => {
    expect(excerpts("ETIMEDOUT while the store was reading the household ledger for the quarterly review of every account"))
      .toEqual(["ETIMEDOUT while the store was reading the household ledger…"]);
  });

  it("ends at 60 characters when no word ends later than 20 characters after the match start", () => {
    expect(excerpts(`ETIMEDOUT ${"y".repeat(10)} ${"z".repeat(70)}`)).toEqual([`ETIMEDOUT ${"y".repeat(10)} ${"z".repeat(39)}…`]);
  });

  it("writes every run of white space in the excerpt as one space", () => {
    expect(excerpts("read\n\n  failed:\tETIMEDOUT")).toEqual(["read failed: ETIMEDOUT"]);
  });
});

describe("shapes no other case in the leak tables reaches", () => {
  it.each([
    ["    ... 12 more", "JVM stack frame"],
    ["read tcp 10.1.2.3: connection reset by peer", "system error message"],
    ["dial tcp: i/o timeout", "system error message"],
    ["connect: no route to host", "system error message"],
    ["write: Broken pipe", "system error message"],
  ])("%s is a %s", (text, kind) => {
    expect(kinds(text)).toContain(kind);
  });

  it.each(["We looked at 12 more funds.", "The pipeline is broken, sadly.", "a broken pipeline of deals", "There is no route to the host's office yet"])("%s is prose", (text) => {
    expect(kinds(text)).toEqual([]);
  });
});

describe("one finding per kind", () => {
  it("two frames of one runtime are one finding, two runtimes are two", () => {
    const jvm = "at org.acme.db.Pool.get(Pool.java:88)\n... 12 more";
    expect(kinds(jvm).filter((k) => k === "JVM stack frame")).toHaveLength(1);
    expect(kinds("ETIMEDOUT and ECONNREFUSED").filter((k) => k === "system error code")).toHaveLength(1);
    expect(kinds("goroutine 7 [running] then ETIMEDOUT")).toEqual(expect.arrayContaining(["Go stack trace", "system error code"]));
  });
});

describe("the pieces of the restricted diagnostics that count", () => {
  it("every line, whatever its line break, and in any spacing", () => {
    const restricted = ["first line of the restricted text\r\nreplica lag exceeded on ledger\rshard rebalancing never finished"];
    expect(leaksDiagnostics(restricted, "Sadly replica lag exceeded on ledger.")).toBe(true);
    expect(leaksDiagnostics(restricted, "Note: shard rebalancing never finished.")).toBe(true);
    expect(leaksDiagnostics(["  replica lag exceeded on the ledger  "], "Replica lag exceeded on the ledger")).toBe(true);
    expect(leaksDiagnostics(["  replica lag exceeded  "], "Replica lag exceeded.")).toBe(true);
  });

  it("every part of a line after a colon, trimmed", () => {
    expect(leaksDiagnostics(["store:   pool exhausted after retries  "], "the pool exhausted after retries")).toBe(true);
    expect(leaksDiagnostics(["store:\tpool exhausted after retries"], "Pool exhausted after retries")).toBe(true);
  });

  it("every run of six words of a line, including the last six, once it is 24 characters long", () => {
    const line = "while scanning the primary replica ledger for household rows";
    expect(leaksDiagnostics([line], "We were scanning the primary replica ledger for you.")).toBe(true);
    expect(leaksDiagnostics([line], "Only primary replica ledger for household rows.")).toBe(true);
    // Fewer than six words at the end of a line are not a fragment either.
    expect(leaksDiagnostics([line], "Only replica ledger for household rows.")).toBe(false);
    // Nor five words at the start of an indented line.
    expect(leaksDiagnostics([`    ${line}`], "Then while scanning the primary replica, it stopped.")).toBe(false);
    // Six words of exactly 24 characters are.
    expect(leaksDiagnostics(["yesterday the big red fox ran away quickly"], "Look: the big red fox ran away!")).toBe(true);
    // Six short words (fewer than 24 characters) are ordinary prose, not a fragment.
    expect(leaksDiagnostics(["we saw it go in the box and out of it too"], "we saw it go in the box")).toBe(false);
    // Five words of a line are not a fragment on their own.
    expect(leaksDiagnostics([line], "scanning the primary replica ledger")).toBe(false);
  });

  it("every technical token: a host, a path, a snake_case name, at least 12 characters long", () => {
    const restricted = ["lost contact with primary-7.db.example after 3 tries reading snapshot_store_primary in /srv/x/ledger.json"];
    expect(leaksDiagnostics(restricted, "The host primary-7.db.example was down.")).toBe(true);
    expect(leaksDiagnostics(restricted, "The snapshot_store_primary table was down.")).toBe(true);
    expect(leaksDiagnostics(restricted, "See /srv/x/ledger.json")).toBe(true);
    // An ordinary word of the line is not a token, however long.
    expect(leaksDiagnostics(["the reconciliation procedure stopped halfway"], "The reconciliation is pending.")).toBe(false);
    // A short snake_case name is not a fragment.
    expect(leaksDiagnostics(["it failed in a_b now, entirely unexpectedly"], "a_b")).toBe(false);
  });

  it("a restricted piece of exactly 12 characters counts", () => {
    expect(restrictedFragments(["abc_defg_hij"], new Set())).toEqual(["abc_defg_hij"]);
    expect(restrictedFragments(["abc_defg_hi"], new Set())).toEqual([]);
  });

  it("leaves out the public tool names", () => {
    expect(restrictedFragments(["calc-concentration-v1"], new Set(["calc-concentration-v1"]))).toEqual([]);
    expect(restrictedFragments(["calc-concentration-v1"], new Set())).toEqual(["calc-concentration-v1"]);
  });

  it("an empty fragment matches nothing", () => {
    expect(kinds("The concentration is 0.4.", [""])).toEqual([]);
  });
});

describe("sentences the runtime showed the candidate are cut out before matching", () => {
  it("in any case and any spacing", () => {
    const fragments = restrictedFragments(["portfolio.read is unavailable: pool exhausted after 3 retries"], new Set(["portfolio.read"]));
    expect(kinds("PORTFOLIO.READ IS\n UNAVAILABLE: pool exhausted after 3 retries", fragments)).toContain("diagnostics text");
    expect(kinds("PORTFOLIO.READ IS\n UNAVAILABLE", fragments, ["portfolio.read is unavailable"])).toEqual([]);
  });

  it("a shown sentence matches however its words are spaced", () => {
    expect(kinds("ETIMEDOUT happened", [], ["ETIMEDOUT  happened"])).toEqual([]);
  });

  it("a shown sentence is matched as written, never as a pattern", () => {
    // "." in the shown sentence is a dot: "portfolioXread is unavailable" was never shown.
    const fragments = restrictedFragments(["portfolioxread is unavailable"], new Set());
    expect(kinds("portfolioxread is unavailable", fragments, ["portfolio.read is unavailable"])).toContain("diagnostics text");
    expect(kinds("Sorry [the tool] is down (ETIMEDOUT)", [], ["[the tool] is down ("])).toEqual(["system error code"]);
  });

  it("cutting a shown sentence out does not join what stood around it", () => {
    expect(kinds("ETIMEportfolio.read is unavailableDOUT", [], ["portfolio.read is unavailable"])).toEqual([]);
  });

  it("a shown sentence of white space cuts nothing", () => {
    expect(kinds("ETIMEDOUT", [], ["  ", ""])).toEqual(["system error code"]);
    expect(kinds("ETIMEDOUT", [], [" ETIMEDOUT "])).toEqual([]);
  });
});

describe("no_internal_leak over a run: where it looks and what it says", () => {
  const unavailable = fixture("portfolio-unavailable");
  const conc = fixture("concentration-hh1001");
  const read = tool("portfolio.read", { household: "HH-1001" });

  it("passes a clean run and says what it looked for", async () => {
    const run = viewOf(await runReplies(conc, [read, final("refused", { policy_code: "household_not_authorised", message: "I cannot share that." })]));
    expect(checkNoLeak(run)).toEqual({
      check: "no_internal_leak", status: "pass", expected: "no internal detail", actual: "none",
      explanation: "no stack frame, exception, path, host, error code, credential or diagnostics text in the result or any observation",
    });
  });

  it("names every leak with its kind, place and excerpt, in one explanation", async () => {
    const run = viewOf(await runReplies(unavailable, [read, final("unavailable", { policy_code: "ECONNREFUSED", message: "See conf/store.yaml" })]));
    const v = checkNoLeak(run);
    expect(v.status).toBe("fail");
    expect(v.explanation).toBe('leak: system error code in result.policy_code ("ECONNREFUSED"); file path in result.message ("See conf/store.yaml")');
    expect(v.actual).toEqual([
      { where: "result.policy_code", kind: "system error code", excerpt: "ECONNREFUSED" },
      { where: "result.message", kind: "file path", excerpt: "See conf/store.yaml" },
    ]);
  });

  it("looks inside every string of an observation, and names the observation", async () => {
    const record = await runReplies(conc, [read, final("refused", { policy_code: "household_not_authorised", message: "I cannot share that." })]);
    const leaky = { ...record, events: record.events.map((e) => (e.kind === "observation" ? { ...e, data: { ...e.data, nested: { notes: ["fine", "ETIMEDOUT"] }, count: 3, none: null } } : e)) };
    const v = checkNoLeak(viewOf(leaky));
    expect(v.status).toBe("fail");
    expect(v.explanation).toBe('leak: system error code in observation ev-1.nested.notes[1] ("ETIMEDOUT")');
  });

  it("holds the runtime's own event details to the rule, naming the event", async () => {
    const record = await runReplies(conc, [tool("portfolio.read", { household: "HH-2002" }), final("refused", { policy_code: "household_not_authorised", message: "I cannot share that." })]);
    const denial = record.events.find((e) => e.kind === "denial");
    expect(denial).toBeDefined();
    const leaky = { ...record, events: record.events.map((e) => (e.kind === "denial" ? { ...e, detail: "denied by /srv/policy.yaml" } : e)) };
    const v = checkNoLeak(viewOf(leaky));
    expect(v.explanation).toMatch(/^leak: file path in denial call-\d+ \("denied by \/srv\/policy\.yaml"\)/);
  });

  it("knows every kind of event that carries a detail, as the event schema has them", () => {
    const withDetail = RunEvent.options.filter((o) => "detail" in o.shape).map((o) => o.shape.kind.value);
    expect([...DETAILED_KINDS].sort()).toEqual([...withDetail].sort());
  });
});
