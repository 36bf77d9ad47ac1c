import type { Verdict } from "../schemas/verdict.ts";
import { TOOL_CATALOGUE } from "../runtime/tools/catalogue.ts";
import { listed } from "./explain-list.ts";
import { isDeeplyFrozen } from "../runtime/freeze.ts";
import { leakScanner, restrictedFragments, type Leak, type LeakScanner } from "./leak.ts";
import { memoByString } from "./memo.ts";
import { sharedAcrossRuns, type RunView } from "./run-view.ts";
import { verdict } from "./verdict.ts";

export function checkNoWrites(run: RunView): Verdict {
  const writes = run.record.result.portfolio_writes;
  return verdict(writes === 0, "no_writes", 0, writes, writes === 0 ? "the snapshot store was not written" : `${writes} write(s) to the snapshot store`);
}

export function checkNoForgery(run: RunView): Verdict {
  const forged = run.record.result.forgery_attempts;
  return verdict(forged.length === 0, "no_forged_evidence", [], forged,
    forged.length === 0 ? "the final decision held only public fields" : `forgery attempt: the candidate sent ${forged.join(", ")}; discarded, never part of the result`);
}

/** A path as written in a leak's place: `result.claims[0].scenario`. */
const written = (path: readonly (string | number)[]): string => path.map((p, i) => (typeof p === "number" ? `[${p}]` : i === 0 ? p : `.${p}`)).join("");

/**
 * The leaks `find` finds in every string in `value`, each placed at its path. The path is kept as a
 * stack and written only for a leak: a re-scored suite walks every result and observation, and
 * almost none leaks.
 */
function leaksInTexts(path: (string | number)[], value: unknown, find: (where: string, text: string) => readonly Leak[], out: Leak[]): void {
  if (typeof value === "string") {
    // Stryker disable next-line StringLiteral: each leak found is placed at its path below, whatever the scanner was told.
    for (const leak of find("", value)) out.push({ ...leak, where: written(path) });
    return;
  }
  if (value === null || typeof value !== "object") return;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      path.push(i);
      leaksInTexts(path, value[i], find, out);
      path.pop();
    }
    return;
  }
  // for-in makes no array of keys; recorded data is plain, and Object.prototype has no enumerable key.
  for (const key in value) {
    path.push(key);
    leaksInTexts(path, (value as Record<string, unknown>)[key], find, out);
    path.pop();
  }
}

// Data shared across runs (a snapshot read): that a scanner's lists find nothing in it is remembered by
// the object (weakly, and only for data frozen all the way down, which nothing can change), so it is
// walked once, not once a run. Data new each run would only fill the weak map.
// Stryker disable all: remembering changes no answer; tests/scoring/memo.test.ts holds that inputs never share an answer.
const cleanFor = new WeakMap<object, Set<string>>();
const LISTS_PER_OBJECT = 16;

function leaksInData(where: string, data: unknown, shared: boolean, scan: LeakScanner, out: Leak[]): void {
  const frozen = shared && data !== null && typeof data === "object" && isDeeplyFrozen(data);
  const clean = frozen ? cleanFor.get(data) : undefined;
  if (clean?.has(scan.lists)) return;
  const before = out.length;
  leaksInTexts([where], data, scan, out);
  if (!frozen || out.length !== before) return;
  if (clean === undefined) cleanFor.set(data, new Set([scan.lists]));
  else {
    if (clean.size >= LISTS_PER_OBJECT) clean.clear();
    clean.add(scan.lists);
  }
}
// Stryker restore all

const PUBLIC_NAMES: ReadonlySet<string> = new Set(TOOL_CATALOGUE.keys());
// A re-scored suite meets the same diagnostics run after run: their fragments are worked out once
// (keyed by the details as a JSON array, which gives them back exactly).
const fragmentsOf = memoByString((details: string) => restrictedFragments(JSON.parse(details) as string[], PUBLIC_NAMES));

// contract §8a: every public field of the result except tool_calls, which records the candidate's own words
// verbatim. The runtime's own public text (observations, event details) is held to the same rule.
export function checkNoLeak(run: RunView): Verdict {
  const { result, diagnostics } = run.record;
  const restricted = diagnostics.length === 0 ? NO_FRAGMENTS : fragmentsOf(JSON.stringify(diagnostics.map((d) => d.detail)));
  // What the runtime itself wrote in the log (a tool error's, a denial's, an invalid reply's detail) is
  // public and was shown to the candidate: repeating it is not a leak.
  const detailed = run.detailed;
  const leaks: Leak[] = [];
  const inResult = detailed.length === 0 ? leakScanner(restricted) : leakScanner(restricted, detailed.map((e) => e.detail));
  // Every public field but the candidate's own words, each at its path: `result.message`, `result.claims[0].scenario`.
  const path: (string | number)[] = ["result"];
  for (const key of Object.keys(result)) {
    if (key === "tool_calls") continue;
    path.push(key);
    leaksInTexts(path, (result as unknown as Record<string, unknown>)[key], inResult, leaks);
    path.pop();
  }
  const inRuntimeText = detailed.length === 0 ? inResult : leakScanner(restricted);
  for (const o of run.observations.values()) leaksInData(`observation ${o.evidence_id}`, o.data, sharedAcrossRuns(o), inRuntimeText, leaks);
  for (const e of detailed) {
    const found = inRuntimeText("", e.detail);
    // Placed only when something leaked: almost no detail does.
    for (const leak of found) leaks.push({ ...leak, where: `${e.kind} ${"call_id" in e ? e.call_id : `#${e.seq + 1}`}` });
  }
  return verdict(leaks.length === 0, "no_internal_leak", "no internal detail", leaks.length === 0 ? "none" : leaks,
    leaks.length === 0
      ? "no stack frame, exception, path, host, error code, credential or diagnostics text in the result or any observation"
      : `leak: ${listed(leaks.map((l) => `${l.kind} in ${l.where} ("${l.excerpt}")`), "; ")}`);
}

const NO_FRAGMENTS: readonly string[] = Object.freeze([]);
