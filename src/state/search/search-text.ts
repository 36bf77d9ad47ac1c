import type { RunEvent } from "../../schemas/event.ts";
import { KIND_WORDS } from "./search-kinds.ts";

/** Position and time are the row's frame, not its text: "5" should not find every fifth event. */
const FRAME = new Set(["seq", "step", "at_ms", "kind"]);

/**
 * What a search looks in, lower-cased: the kind in words, every field's value (a nested value —
 * arguments, data, a decision's body, claims — as its JSON, keys included) and the household the
 * event's call touched, which a denial or an observation does not name itself.
 */
export function eventText(event: RunEvent, household: string | null): string {
  let text = KIND_WORDS[event.kind];
  for (const key in event) {
    if (FRAME.has(key)) continue;
    const value = (event as Record<string, unknown>)[key];
    if (value === undefined || value === null) continue;
    text += "\n" + (typeof value === "string" ? value : JSON.stringify(value));
  }
  if (household !== null) text += "\n" + household;
  return text.toLowerCase();
}

/** A query as it is matched: trimmed and lower-cased; empty means no search. */
export const normalizeQuery = (query: string): string => query.trim().toLowerCase();
