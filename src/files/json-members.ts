import { PROTOTYPE_KEYS } from "../schemas/prototype-keys.ts";

// The reader's side of counting members: runtime/json-shape.ts (countedParse) says why
// equal counts of members in the text and in the parsed value mean no key is repeated.

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
