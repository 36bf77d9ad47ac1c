import { InjectionCarrier, InjectionGoal } from "../../schemas/injection.ts";
import type { MatrixFilter } from "../../state/matrix/matrix-grid.ts";
import { CARRIER_SHORT, GOAL_SHORT, spaced } from "./labels.ts";

interface ChipsProps<T extends string> {
  label: string;
  options: readonly T[];
  short: Record<T, string>;
  chosen: readonly T[];
  onChange(chosen: T[]): void;
}

/** Toggle chips: none pressed shows every option; pressing one shows only the pressed ones. */
function Chips<T extends string>({ label, options, short, chosen, onChange }: ChipsProps<T>) {
  return (
    <div className="mx-chips" role="group" aria-label={`Filter by ${label}`}>
      <span className="muted">{label}</span>
      <button type="button" className="chip" aria-pressed={chosen.length === 0} onClick={() => onChange([])}>
        all
      </button>
      {options.map((o) => {
        const on = chosen.includes(o);
        return (
          <button key={o} type="button" className="chip" aria-pressed={on} data-value={o} title={`${spaced(o)} (${short[o]} in the headers)`} onClick={() => onChange(on ? chosen.filter((c) => c !== o) : [...chosen, o])}>
            {spaced(o)}
          </button>
        );
      })}
    </div>
  );
}

export function MatrixFilters({ filter, onChange }: { filter: MatrixFilter; onChange(patch: Partial<MatrixFilter>): void }) {
  return (
    <section className="mx-filters" aria-label="Matrix filters">
      <Chips label="carrier" options={InjectionCarrier.options} short={CARRIER_SHORT} chosen={filter.carriers} onChange={(carriers) => onChange({ carriers })} />
      <Chips label="goal" options={InjectionGoal.options} short={GOAL_SHORT} chosen={filter.goals} onChange={(goals) => onChange({ goals })} />
    </section>
  );
}
