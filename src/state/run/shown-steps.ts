import { countAtOrBefore } from "./prefix-map.ts";

// Stepping through a run while some event kinds are hidden: every way of moving the cursor (the
// page's arrow keys, the step buttons, a focused row's keys) lands on rows that are shown, never on
// an event the analyst filtered out. `rows` is the ascending list of shown event indices, or null
// when every event is shown.

/** The event `delta` shown rows away from the cursor (which may sit on a hidden event); clamped to the shown rows. */
export function stepAmongShown(rows: Int32Array | null, eventCount: number, cursor: number, delta: number): number | undefined {
  if (!rows) return eventCount === 0 ? undefined : Math.max(0, Math.min(eventCount - 1, cursor + delta));
  if (rows.length === 0) return undefined;
  const here = countAtOrBefore(rows, cursor); // shown rows at or before the cursor
  const onShown = here > 0 && rows[here - 1] === cursor;
  // Off a shown row, the cursor sits between rows here-1 and here: one step either way reaches one of them.
  const position = onShown || delta > 0 ? here - 1 + delta : here + delta;
  return rows[Math.max(0, Math.min(rows.length - 1, position))];
}

/** The first or last shown event. */
export function edgeOfShown(rows: Int32Array | null, eventCount: number, edge: "first" | "last"): number | undefined {
  const count = rows ? rows.length : eventCount;
  if (count === 0) return undefined;
  const position = edge === "first" ? 0 : count - 1;
  return rows ? rows[position] : position;
}
