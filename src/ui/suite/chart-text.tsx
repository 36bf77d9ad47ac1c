// Axis ticks and bar labels as plain SVG text. recharts' own <Text> measures every word of a label
// in the DOM to wrap it, and an axis left to choose its ticks measures each one: with 19 checks on
// one axis that was a third of drawing a chart, in a long task. The labels here are
// short and the axes show every tick (interval 0), so nothing needs measuring.

const TICK_STYLE = { fill: "var(--muted)", fontSize: 11 };

interface TickProps {
  x?: number | string;
  y?: number | string;
  payload?: { value?: unknown };
  textAnchor?: string;
  verticalAnchor?: string;
  angle?: number;
  className?: string;
}

/** How far below its anchor a line of text starts, as recharts' verticalAnchor would place it. */
const DY = { start: "0.71em", middle: "0.355em", end: "0" } as const;
type Anchor = "start" | "middle" | "end";
const anchorOf = (a: string | undefined): Anchor => (a === "start" || a === "end" ? a : "middle");

/** One axis tick: the value (with `unit`), anchored and turned as recharts would, unmeasured. */
export function plainTick(unit = "") {
  return function PlainTick({ x = 0, y = 0, payload, textAnchor = "middle", verticalAnchor = "middle", angle = 0, className }: TickProps) {
    const dy = DY[verticalAnchor as keyof typeof DY] ?? DY.middle;
    return (
      <text x={x} y={y} dy={dy} textAnchor={anchorOf(textAnchor)} className={className} transform={angle ? `rotate(${angle}, ${x}, ${y})` : undefined} {...TICK_STYLE}>
        {`${String(payload?.value ?? "")}${unit}`}
      </text>
    );
  };
}

interface LabelProps {
  x?: number | string | undefined;
  y?: number | string | undefined;
  width?: number | string | undefined;
  height?: number | string | undefined;
  value?: unknown;
}

const num = (v: number | string | undefined): number => (typeof v === "number" ? v : Number(v ?? 0));

/** A bar's value above it (`top`, for vertical bars) or to its right (`right`, for horizontal ones). */
export function plainBarLabel(position: "top" | "right", format: (value: unknown) => string = String) {
  return function PlainBarLabel({ x, y, width, height, value }: LabelProps) {
    const [lx, ly, anchor, dy]: [number, number, Anchor, string] = position === "top" ? [num(x) + num(width) / 2, num(y) - 5, "middle", "0"] : [num(x) + num(width) + 5, num(y) + num(height) / 2, "start", "0.355em"];
    return (
      <text x={lx} y={ly} dy={dy} textAnchor={anchor} fill="var(--text)" fontSize={11} className="recharts-label">
        {format(value)}
      </text>
    );
  };
}
