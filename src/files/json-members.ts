import { PROTOTYPE_KEYS } from "../schemas/prototype-keys.ts";

// The reader's fast path (issue 11): duplicate keys are found by counting instead of by collecting
// every key of every object. In valid JSON each member of an object is written with exactly one
// colon outside strings, and JSON.parse keeps one property per distinct key, so the parsed value
// has as many properties as the text has members exactly when no object repeats a key. Counting
// needs no key strings and no sets; when the counts differ, the full inspection (inspectJson)
// names the key and where it sits.

/**
 * One pass over a JSON text before parsing: how many object members it writes (colons outside
 * strings), or -1 when it nests deeper than `maxDepth` or a string never ends (the caller then
 * asks inspectJson and JSON.parse why). Strings are skipped with indexOf, which is what makes
 * the pass cheap next to JSON.parse.
 */
export function writtenMembers(text: string, maxDepth: number): number {
  let members = 0;
  let depth = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c <= 0x20) continue;
    if (c === 0x22) {
      i = stringEnd(text, i);
      if (i < 0) return -1;
    } else if (c === 0x3a) {
      members++;
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > maxDepth) return -1;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    }
  }
  return members;
}

/** Index of the quote closing the string that opens at `start` (one not escaped by an odd run of backslashes), or -1. */
function stringEnd(text: string, start: number): number {
  let quote = start;
  for (;;) {
    quote = text.indexOf('"', quote + 1);
    if (quote < 0 || text.charCodeAt(quote - 1) !== 0x5c) return quote;
    let before = quote - 2;
    while (text.charCodeAt(before) === 0x5c) before--;
    if ((quote - 1 - before) % 2 === 0) return quote;
  }
}

export interface ParsedMembers {
  /** Own properties of every object in the value. */
  members: number;
  /** Whether a prototype key (`__proto__`, …) sits anywhere but under a `skip` key: dropPrototypeKeys would then change the value. */
  prototypeKeys: boolean;
}

/**
 * The parsed value's side of the count, and whether dropping prototype keys would change it, in
 * one walk. Only called on a value whose text nests at most maxDepth levels, so the recursion is bounded.
 */
export function parsedMembers(value: unknown, skip: ReadonlySet<string>): ParsedMembers {
  const found: ParsedMembers = { members: 0, prototypeKeys: false };
  walk(value, skip, false, found);
  return found;
}

function walk(value: unknown, skip: ReadonlySet<string>, skipped: boolean, found: ParsedMembers): void {
  if (typeof value !== "object" || value === null) return;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) walk(value[i], skip, skipped, found);
    return;
  }
  const keys = Object.keys(value);
  found.members += keys.length;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    if (!skipped && PROTOTYPE_KEYS.has(key)) found.prototypeKeys = true;
    walk((value as Record<string, unknown>)[key], skip, skipped || skip.has(key), found);
  }
}
