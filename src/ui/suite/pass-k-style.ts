// Tableau 10: tells ten lines apart on a light and a dark panel alike.
const PALETTE = ["#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac"];
// Past ten fixtures the colours come round again: each round has its own dash, so no two curves look alike.
const DASHES = ["none", "6 3", "2 3", "8 3 2 3"];

export interface CurveStyle {
  stroke: string;
  dash: string;
}

/** How the i-th fixture's curve is drawn, in the chart, its legend and the small multiples alike. */
export function curveStyle(i: number): CurveStyle {
  return { stroke: PALETTE[i % PALETTE.length] ?? "var(--accent)", dash: DASHES[Math.floor(i / PALETTE.length) % DASHES.length] ?? "none" };
}

/** The opacity of every other curve while one is highlighted. */
export const DIMMED = 0.2;

/** A curve's opacity: full with nothing highlighted or when it is the one. */
export const curveOpacity = (fixture: string, highlight: string | null): number => (highlight === null || highlight === fixture ? 1 : DIMMED);

/** Curves through up to this many values of k carry a dot on each; past it, the dots would hide the line. */
export const DOTS_UP_TO = 12;
