import type { Reliability } from "../../state/suite/suite-reliability.ts";
import { useRovingList } from "../shared/roving.ts";
import { curveStyle } from "./pass-k-style.ts";

export interface Pointing {
  /** The fixture drawn forward: the one pointed at, else the one pinned. */
  highlight: string | null;
  pinned: string | null;
  /** A fixture hovered or focused (in the legend or the table), or null when it is left. */
  onPoint(fixture: string | null): void;
  onPin(fixture: string | null): void;
}

/** A legend entry's swatch: the curve's colour and dash. */
export function Swatch({ index }: { index: number }) {
  const { stroke, dash } = curveStyle(index);
  return (
    <svg width="22" height="8" aria-hidden="true">
      <line x1="1" y1="4" x2="21" y2="4" stroke={stroke} strokeWidth="2.5" strokeDasharray={dash} />
    </svg>
  );
}

/**
 * The chart's legend, in the page rather than in the chart: an entry hovered or focused draws its
 * fixture's curve forward and dims the rest; pressed, it keeps it so. One Tab stop, arrows move along.
 */
export function PassKLegend({ reliability, pointing }: { reliability: Reliability; pointing: Pointing }) {
  const fixtures = reliability.fixtures.map((f) => f.fixture);
  const { highlight, pinned, onPoint, onPin } = pointing;
  const roving = useRovingList(fixtures, pinned, { orientation: "both" });
  return (
    <ul className="passk-legend" aria-label="Fixtures in the chart" {...roving.listProps}>
      <li className="overall">
        <svg width="22" height="8" aria-hidden="true">
          <line x1="1" y1="4" x2="21" y2="4" stroke="var(--text)" strokeWidth="3.5" />
        </svg>
        overall (mean)
      </li>
      {fixtures.map((fixture, i) => {
        const item = roving.item(fixture);
        return (
          <li key={fixture} className={highlight === fixture ? "highlighted" : undefined}>
            <button
              type="button"
              className="mono"
              aria-pressed={pinned === fixture}
              title="Hover or focus to bring this curve forward; press to keep it there"
              onMouseEnter={() => onPoint(fixture)}
              onMouseLeave={() => onPoint(null)}
              onBlur={() => onPoint(null)}
              onClick={() => onPin(pinned === fixture ? null : fixture)}
              {...item}
              onFocus={() => {
                item.onFocus();
                onPoint(fixture);
              }}
            >
              <Swatch index={i} />
              {fixture}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
