import { runReason } from "../evaluation/reason.ts";
import { isInfrastructureFailure } from "../evaluation/reliability.ts";
import type { ScoredRun } from "../schemas/scored-run.ts";
import { xmlAttr, xmlText } from "./xml.ts";

// JUnit XML as CI systems read it: valid against Jenkins' junit-10.xsd (tests/schemas/), and laid out
// as Ant's schema wants where the two differ (`errors` and `time` on every suite, `properties` first).
// A test case is one run: its name is the fixture and trial, its class the candidate, so a CI view
// lists each fixture × trial once under the candidate that ran it (docs/formats.md, "JUnit").

/** How a test case ended, when not with a pass: a check failed, or the serving side did. */
export interface JunitEnding {
  kind: "failure" | "error";
  type: string;
  message: string;
  text: string;
}

export interface JunitCase {
  name: string;
  classname: string;
  timeMs: number;
  ending: JunitEnding | null;
  /** What the run came to, for the case's standard output. */
  out: string;
}

export interface JunitSuite {
  name: string;
  properties: readonly (readonly [string, string])[];
  cases: readonly JunitCase[];
}

const seconds = (ms: number): string => (Math.max(0, ms) / 1000).toFixed(3);

const count = (cases: readonly JunitCase[], kind: JunitEnding["kind"]): number => cases.filter((c) => c.ending?.kind === kind).length;

/** Names made unique within their class: a second run of the same name is "name (2)", so no CI view merges two runs. */
function uniqueNames(cases: readonly JunitCase[]): JunitCase[] {
  const seen = new Map<string, number>();
  return cases.map((c) => {
    const key = `${c.classname}\u0000${c.name}`;
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    return n === 1 ? c : { ...c, name: `${c.name} (${n})` };
  });
}

function caseXml(c: JunitCase): string {
  const ending = c.ending ? `\n      <${c.ending.kind} type="${xmlAttr(c.ending.type)}" message="${xmlAttr(c.ending.message)}">${xmlText(c.ending.text)}</${c.ending.kind}>` : "";
  return `    <testcase name="${xmlAttr(c.name)}" classname="${xmlAttr(c.classname)}" time="${seconds(c.timeMs)}">${ending}\n      <system-out>${xmlText(c.out)}</system-out>\n    </testcase>`;
}

function suiteXml(suite: JunitSuite, id: number): string[] {
  const cases = uniqueNames(suite.cases);
  const time = cases.reduce((sum, c) => sum + c.timeMs, 0);
  return [
    `  <testsuite name="${xmlAttr(suite.name)}" tests="${cases.length}" failures="${count(cases, "failure")}" errors="${count(cases, "error")}" skipped="0" time="${seconds(time)}" id="${id}">`,
    "    <properties>",
    ...suite.properties.map(([name, value]) => `      <property name="${xmlAttr(name)}" value="${xmlAttr(value)}"/>`),
    "    </properties>",
    ...cases.map(caseXml),
    "  </testsuite>",
  ];
}

export function junitDocument(name: string, suites: readonly JunitSuite[]): string {
  const all = suites.flatMap((s) => s.cases);
  const time = all.reduce((sum, c) => sum + c.timeMs, 0);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${xmlAttr(name)}" tests="${all.length}" failures="${count(all, "failure")}" errors="${count(all, "error")}" time="${seconds(time)}">`,
    ...suites.flatMap((s, i) => suiteXml(s, i)),
    "</testsuites>",
    "",
  ].join("\n");
}

/** A run's name in a report: the fixture, and the trial when it was one of several. */
export const runCaseName = (fixture: string, trial: number | undefined): string => (trial === undefined ? fixture : `${fixture} trial ${trial}`);

/** How a run ended, for JUnit: an infrastructure failure is an error (left out of pass^k), a failed check a failure. */
export function runEnding(run: ScoredRun): JunitEnding | null {
  if (isInfrastructureFailure(run)) {
    const reason = runReason(run);
    return { kind: "error", type: run.result.policy_code ?? "infrastructure", message: reason, text: `infrastructure failure, not counted in pass^k: ${reason}` };
  }
  const failed = run.verdicts.filter((v) => v.status === "fail");
  if (failed.length === 0) return null;
  return { kind: "failure", type: "finbound.checks", message: `failed: ${failed.map((v) => v.check).join(", ")}`, text: failed.map((v) => `${v.check}: ${v.explanation}`).join("\n") };
}

/** A run as its test case: all a JUnit report keeps of it, so a long report need not hold the runs. */
export const runCase = (run: ScoredRun): JunitCase => ({
  name: runCaseName(run.fixture, run.trial),
  classname: run.candidate,
  timeMs: run.events.at(-1)?.at_ms ?? 0,
  ending: runEnding(run),
  out: `outcome ${run.outcome} (${runReason(run)})${run.result.message ? `\n${run.result.message}` : ""}`,
});

/** `eval`/`score --format junit` from each run's case (runCase): a suite per candidate, in the order candidates first appear. */
export function casesJunit(cases: readonly JunitCase[]): string {
  const byCandidate = new Map<string, JunitCase[]>();
  for (const c of cases) {
    const list = byCandidate.get(c.classname);
    if (list) list.push(c);
    else byCandidate.set(c.classname, [c]);
  }
  const suites = [...byCandidate.entries()].map(([candidate, list]): JunitSuite => ({ name: candidate, properties: [["finbound.candidate", candidate]], cases: list }));
  return junitDocument("finbound", suites);
}
