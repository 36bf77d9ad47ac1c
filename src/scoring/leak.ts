import { LEAK_SHAPES } from "./leak-shapes.ts";
import { memoByString } from "./memo.ts";
import { asRead, asReadCaseless } from "./read-as-person.ts";

export interface Leak {
  where: string;
  kind: string;
  excerpt: string;
}

/** Up to 20 characters before the match and 60 after, cut at word boundaries. */
function excerpt(text: string, index: number): string {
  let start = Math.max(0, index - 20);
  const before = text.indexOf(" ", start);
  if (start > 0 && before !== -1 && before < index) start = before + 1;
  let end = Math.min(text.length, index + 60);
  const after = text.lastIndexOf(" ", end);
  if (end < text.length && after > index + 20) end = after;
  return `${start > 0 ? "…" : ""}${text.slice(start, end).replace(/\s+/g, " ").trim()}${end < text.length ? "…" : ""}`;
}

/** The form restricted text and public text are compared in: read as a person reads it, any case, any spacing. */
const comparable = (text: string): string => asReadCaseless(text).replace(/\s+/g, " ");

// A run of this many words of a restricted line is a fragment of it even when the line is not
// quoted whole: enough words that ordinary prose does not repeat them by chance.
const WINDOW_WORDS = 6;
const MIN_FRAGMENT = 12;

function wordWindows(line: string): string[] {
  const words = line.split(" ");
  const windows: string[] = [];
  for (let i = 0; i + WINDOW_WORDS <= words.length; i++) {
    const span = words.slice(i, i + WINDOW_WORDS).join(" ");
    if (span.length >= 2 * MIN_FRAGMENT) windows.push(span);
  }
  return windows;
}

/**
 * Every run of two or more folders of a path, the last one without its extension: a message that says
 * `finbound/snapshots` or `snapshots/hh-1001` quotes `/srv/finbound/snapshots/hh-1001.json` in part.
 */
const MAX_FOLDERS = 6;
function subPaths(token: string): string[] {
  const segments = token.replace(/[.,;:)\]"']+$/, "").split(/[/\\]/).filter((s) => s !== "");
  const last = segments.length - 1;
  const bare = segments.map((s, i) => (i === last ? s.replace(/\.[a-z0-9]{1,8}$/, "") : s));
  const runs: string[] = [];
  // Runs of up to six folders: a path of thousands of folders stays a few thousand fragments, not millions.
  for (let from = 0; from < bare.length; from++) {
    for (let to = from + 2; to <= Math.min(bare.length, from + MAX_FOLDERS); to++) runs.push(bare.slice(from, to).join("/"));
  }
  return runs;
}

/**
 * The pieces of restricted text that must never appear elsewhere, in comparable form: every line,
 * every `: `-separated part of a line, every run of six words, every technical token (a host, a
 * path, an error code) and every run of two or more folders of a path. Public names (the tools') are
 * not secrets and are left out.
 */
export function restrictedFragments(restricted: readonly string[], publicNames: ReadonlySet<string>): string[] {
  // Fragments are trimmed here, so a comparable text need not be: outer spaces never decide whether one
  // text includes a trimmed fragment.
  const lines = restricted.flatMap((d) => d.split(/\r\n|[\n\r]/)).map((l) => comparable(l).trim());
  const parts = lines.flatMap((l) => l.split(/:\s/)).map((p) => p.trim());
  // A token with a dot, underscore, colon or slash: a host, a path, a snake_case name, an error code.
  const tokens = lines.flatMap((l) => l.split(" ")).filter((t) => /[._:/\\]/.test(t));
  const names = new Set([...publicNames].map(comparable));
  return [...new Set([...lines, ...parts, ...lines.flatMap(wordWindows), ...tokens, ...tokens.flatMap(subPaths)])].filter((f) => f.length >= MIN_FRAGMENT && !names.has(f));
}

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** `text` with every sentence the runtime itself showed the candidate cut out: repeating one is no leak. */
function withoutShown(text: string, shown: readonly string[]): string {
  let out = text;
  for (const sentence of shown.map((s) => asRead(s).trim()).filter((s) => s.length > 0)) {
    out = out.replace(new RegExp(escapeRegExp(sentence).replace(/\s+/g, "\\s+"), "gi"), "\n");
  }
  return out;
}

/**
 * Leaks in `text`, read as a person reads it: a shape only internal errors produce (one finding per
 * kind), or any fragment of the restricted diagnostics. `fragments` come from `restrictedFragments`;
 * `shown` are the public sentences the runtime gave the candidate (a tool error's or denial's detail).
 */
export function findLeaks(where: string, text: string, fragments: readonly string[], shown?: readonly string[]): readonly Leak[] {
  return leakScanner(fragments, shown)(where, text);
}

/** findLeaks for one list of fragments and shown sentences, asked of many texts (every string of a run's result and observations). */
export interface LeakScanner {
  (where: string, text: string): readonly Leak[];
  /** Names the two lists by their content: two scanners with the same `lists` find the same leaks. */
  readonly lists: string;
}

// The same strings come back run after run (a fixture's holdings, notes and calculator names in
// every re-scored run of a suite): the answer for a text depends only on it, the fragments and the
// shown sentences. Those two lists are the same for every text of a run, so they are keyed once per
// scanner (a list of fragments by a number, so the long list is not part of the key; the shown
// sentences by their JSON, which no two different lists share), and each text is then looked up by
// itself, never copied into a longer key. The bound counts every text remembered under every pair of
// lists: past it, all are forgotten at once.
// Stryker disable all: remembering changes no answer (a mutant that forgets, or forgets sooner, is
// equivalent); tests/scoring/memo.test.ts holds what matters, that inputs never share an answer.
const LIMIT = 10_000;
const NONE: readonly Leak[] = Object.freeze([]);
// Each scanner keeps its own answers, so a text costs one lookup. Forgetting drops the scanners, and
// one still held, whose answers are of an older generation, starts afresh.
let generation = 0;
let remembered = 0;

export function leakScanner(fragments: readonly string[], shown: readonly string[] = NO_TEXTS): LeakScanner {
  // The lists are read now, for the key: a scanner made for lists of the same contents is the same scanner.
  const key = `${fragmentsId(fragments)}:${shown.length === 0 ? "[]" : JSON.stringify(shown)}`;
  let scanner = scanners.get(key);
  if (scanner === undefined) {
    // A list that could still change is copied, so what is remembered under this key is always about these contents.
    const ownFragments = Object.isFrozen(fragments) ? fragments : Object.freeze([...fragments]);
    const ownShown = Object.isFrozen(shown) ? shown : Object.freeze([...shown]);
    if (scanners.size >= LIMIT) scanners.clear();
    scanners.set(key, (scanner = scannerFor(key, ownFragments, ownShown)));
  }
  return scanner;
}

/** Scanners made, by their lists' key: a re-scored suite's runs mostly share a few pairs of lists. */
const scanners = new Map<string, LeakScanner>();
const NO_TEXTS: readonly string[] = Object.freeze([]);

function scannerFor(key: string, fragments: readonly string[], shown: readonly string[]): LeakScanner {
  let answers = new Map<string, readonly Omit<Leak, "where">[]>();
  let answersOf = generation;
  const scanner = (where: string, text: string): readonly Leak[] => {
    if (answersOf !== generation) {
      answers = new Map();
      answersOf = generation;
    }
    let found = answers.get(text);
    if (found === undefined) {
      const leaks = scan(text, fragments, shown);
      found = leaks.length === 0 ? NONE : Object.freeze(leaks.map((l) => Object.freeze(l)));
      if (remembered >= LIMIT) {
        generation += 1;
        remembered = 0;
        scanners.clear();
        answers = new Map();
        answersOf = generation;
      }
      answers.set(text, found);
      remembered += 1;
    }
    // Most texts leak nothing: no copy is made for them.
    return found.length === 0 ? NONE : found.map((l) => ({ where, ...l }));
  };
  return Object.assign(scanner, { lists: key });
}
// Stryker restore all

/** A number per list of fragments, by content. A frozen list's join is kept with it (one that can change is joined each time). */
function fragmentsId(fragments: readonly string[]): number {
  let joined = joinedFragments.get(fragments);
  if (joined === undefined) {
    joined = JSON.stringify(fragments);
    if (Object.isFrozen(fragments)) joinedFragments.set(fragments, joined);
  }
  return idOfJoined(joined);
}
let nextFragmentsId = 0;
// A list forgotten by the bound gets a new number, never an old one: a number names one list only.
const idOfJoined = memoByString(() => nextFragmentsId++);
const joinedFragments = new WeakMap<readonly string[], string>();

function scan(text: string, fragments: readonly string[], shown: readonly string[]): Omit<Leak, "where">[] {
  const read = withoutShown(asRead(text), shown);
  const leaks: Omit<Leak, "where">[] = [];
  for (const { kind, pattern } of LEAK_SHAPES) {
    if (leaks.some((l) => l.kind === kind)) continue;
    const m = pattern.exec(read);
    if (m) leaks.push({ kind, excerpt: excerpt(read, m.index) });
  }
  const folded = comparable(read);
  const hit = fragments.map(comparable).find((f) => f.length > 0 && folded.includes(f));
  if (hit !== undefined) leaks.push({ kind: "diagnostics text", excerpt: excerpt(folded, folded.indexOf(hit)) });
  return leaks;
}
