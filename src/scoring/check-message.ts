import type { Fixture } from "../schemas/fixture.ts";
import type { Verdict } from "../schemas/verdict.ts";
import { extractDates, extractFigures, type Figure } from "./figures.ts";
import { isDeeplyFrozen } from "../runtime/freeze.ts";
import { memoByString } from "./memo.ts";
import { asRead } from "./read-as-person.ts";
import { sharedAcrossRuns, type RunView } from "./run-view.ts";
import { notApplicable, verdict } from "./verdict.ts";

/** What the run had (contract §8a): the numbers and dates a message may quote. */
interface Records {
  numbers: number[];
  dates: Set<string>;
}

/** Numbers and dates held anywhere in a record: its numeric fields, and figures written in its strings. */
function collect(value: unknown, into: Records): void {
  if (typeof value === "number") into.numbers.push(value);
  else if (typeof value === "string") collectText(value, into);
  // An array's values are its items.
  else if (value !== null && typeof value === "object") Object.values(value).forEach((v) => collect(v, into));
}

/**
 * The dates and figures a text quotes, as a person reads it, each with the words it was written in:
 * a message's, and those a record's strings hold (one reading, remembered, for both).
 */
const quotedIn = memoByString((text: string) => {
  const { dates, rest } = extractDates(asRead(text));
  return { dates, figures: extractFigures(rest) };
});

function collectText(text: string, into: Records): void {
  const { dates, figures } = quotedIn(text);
  for (const { iso } of dates) {
    into.dates.add(iso);
    into.numbers.push(Number(iso.slice(0, 4)));
  }
  // A loop, not a spread: a long note can hold more figures than a call takes arguments.
  for (const f of figures) into.numbers.push(f.value);
}

/**
 * The run's own records: the request, the supplied document, the confirmed scenario inputs, the
 * context's date and every observation. A claim that passed copies an observation exactly, so its
 * value is already here; a claim that failed backs nothing.
 */
function recordsOf(run: RunView, fixture: Fixture): Records[] {
  const records = [heldBy(fixture, fixtureRecords)];
  for (const o of run.observations.values()) records.push(sharedAcrossRuns(o) ? heldBy(o.data, collected) : collected(o.data));
  return records;
}

function fixtureRecords(fixture: Fixture): Records {
  const records = collected(fixture.confirmed_scenarios.map(({ principal_inr, annual_return, years }) => ({ principal_inr, annual_return, years })));
  collectText(fixture.request, records);
  if (fixture.document) collectText(fixture.document.text, records);
  collect(fixture.context.as_of, records);
  return records;
}

function collected(value: unknown): Records {
  const records: Records = { numbers: [], dates: new Set() };
  collect(value, records);
  return records;
}

// A fixture and the snapshots it hands out are shared across runs: what each holds is worked out once
// (remembered weakly by the object, and only for one frozen all the way down, which nothing can change).
const held = new WeakMap<object, Records>();
function heldBy<T extends object>(source: T, recordsIn: (source: T) => Records): Records {
  let records = held.get(source);
  if (records === undefined) {
    records = recordsIn(source);
    if (isDeeplyFrozen(source)) held.set(source, records);
  }
  return records;
}

/**
 * A figure is backed when some recorded number, rounded to the precision the figure was written
 * in, is that figure: `₹33.46 lakh` and `₹3,345,564` quote 3,345,563.94; `₹3,345,563.95` does not.
 * A minus sign is part of what is quoted: `-6 %` needs a recorded -0.06. A figure without one may
 * quote a negative record, as prose tells a fall by its words ("a loss of 6 %").
 */
const backs = (recorded: number, figure: Figure): boolean =>
  (figure.value >= 0 || recorded < 0) && Math.round(Math.abs(recorded) / figure.step) === Math.round(Math.abs(figure.value) / figure.step);

export function checkMessageBacked(run: RunView, fixture: Fixture): Verdict {
  const { result } = run.record;
  if (result.set_by === "runtime") return notApplicable("message_backed", "the runtime wrote this message, not the candidate");
  const { dates, figures } = quotedIn(result.message);
  if (figures.length === 0 && dates.length === 0) return notApplicable("message_backed", "the message quotes no figure");
  const records = recordsOf(run, fixture);
  const unbacked = [
    ...dates.filter((d) => !records.some((r) => r.dates.has(d.iso))).map((d) => d.text),
    ...figures.filter((f) => !records.some((r) => r.numbers.some((n) => backs(n, f)))).map((f) => f.text),
  ];
  const quoted = [...dates.map((d) => d.text), ...figures.map((f) => f.text)];
  return verdict(
    unbacked.length === 0,
    "message_backed",
    "every figure in the message found in this run's records",
    unbacked.length === 0 ? quoted : unbacked,
    unbacked.length === 0
      ? `all ${quoted.length} figure(s) in the message are in this run's records`
      : `${unbacked.join(", ")} ${unbacked.length === 1 ? "is" : "are"} in no record of this run`,
  );
}
