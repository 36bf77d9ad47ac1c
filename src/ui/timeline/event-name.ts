import type { RunEvent } from "../../schemas/event.ts";
import { eventNumber } from "./cursor-url.ts";
import { viewFor } from "./views/registry.ts";

/**
 * An event in words, as a screen reader hears it both as a row's name and where the cursor rests:
 * "Event 6 of 11: denied, call-1", then `notes` (what makes the row stand out).
 */
export function eventName(event: RunEvent, index: number, count: number, notes: readonly string[] = []): string {
  const parts = [`Event ${eventNumber(index)} of ${count}: ${viewFor(event).label}`];
  if ("call_id" in event) parts.push(event.call_id);
  return [...parts, ...notes].join(", ");
}
