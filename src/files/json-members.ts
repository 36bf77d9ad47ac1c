import { PROTOTYPE_KEYS } from "../schemas/prototype-keys.ts";

// The reader's fast path (issue 11): duplicate keys are found by counting instead of by collecting
// every key of every object. In valid JSON each member of an object is written with exactly one
// colon outside strings, and JSON.parse keeps one property per distinct key, so the parsed value
// has as many properties as the text has members exactly when no object repeats a key. Counting
// needs no key strings and no sets; when the counts differ, the full inspection (inspectJson)
// names the key and where it sits. The text's side (writtenMembers) is in runtime/json-shape.ts, as
// the reply parser counts the same way.

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
