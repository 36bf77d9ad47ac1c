import type { Reliability } from "../../state/suite/suite-reliability.ts";
import { curveStyle, DOTS_UP_TO } from "./pass-k-style.ts";
import { formatShare } from "./reliability-format.ts";

const WIDTH = 160;
const HEIGHT = 64;
const PAD = 4;

interface Plot {
  /** An SVG path through the defined points, broken where one is not. */
  d: string;
  points: { x: number; y: number }[];
}

/** pass^k for k = 1…K placed in a small chart; a value left undefined (fewer than k trials) is a gap. */
function plotOf(values: readonly (number | null)[]): Plot {
  const x = (i: number): number => PAD + (values.length === 1 ? 0 : (i * (WIDTH - 2 * PAD)) / (values.length - 1));
  const y = (p: number): number => PAD + (1 - p) * (HEIGHT - 2 * PAD);
  let d = "";
  let drawing = false;
  const points: Plot["points"] = [];
  values.forEach((p, i) => {
    if (p == null) {
      drawing = false;
      return;
    }
    points.push({ x: x(i), y: y(p) });
    d += `${drawing ? "L" : "M"}${x(i).toFixed(1)} ${y(p).toFixed(1)} `;
    drawing = true;
  });
  return { d: d.trim(), points };
}

/**
 * Small multiples: one small chart per fixture, each its own curve over the overall one (grey), on
 * the same axes (k = 1…K, 0–100 %), so a fixture is told from the others by where it stands, not by colour.
 * Plain SVG, not the charting library: sixteen small charts are sixteen paths.
 */
export function PassKMultiples({ reliability }: { reliability: Reliability }) {
  const overall = plotOf(reliability.passHat).d;
  const k = reliability.k;
  return (
    <div className="passk-multiples" data-testid="passk-multiples">
      {reliability.fixtures.map((f, i) => {
        const { stroke, dash } = curveStyle(i);
        const plot = plotOf(f.passHat);
        const name = `${f.fixture}: pass^1 ${formatShare(f.passHat[0])}, pass^${k} ${formatShare(f.passHat[k - 1])}`;
        return (
          <figure key={f.fixture}>
            <figcaption className="mono" title={f.fixture}>{f.fixture}</figcaption>
            <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={name}>
              <rect x={PAD} y={PAD} width={WIDTH - 2 * PAD} height={HEIGHT - 2 * PAD} fill="none" stroke="var(--border)" />
              <line x1={PAD} x2={WIDTH - PAD} y1={HEIGHT / 2} y2={HEIGHT / 2} stroke="var(--border)" strokeDasharray="3 3" />
              <path d={overall} fill="none" stroke="var(--muted)" strokeWidth="1" opacity="0.6" />
              <path d={plot.d} fill="none" stroke={stroke} strokeWidth="2" strokeDasharray={dash} />
              {/* Dots only where few: a single defined value has no line to draw. */}
              {plot.points.length <= DOTS_UP_TO && plot.points.map((p, j) => <circle key={j} cx={p.x} cy={p.y} r="2.5" fill={stroke} />)}
            </svg>
            <span className="muted">
              {formatShare(f.passHat[0])} → {formatShare(f.passHat[k - 1])}
            </span>
          </figure>
        );
      })}
    </div>
  );
}
