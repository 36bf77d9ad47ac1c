/** A number field that ignores what is not (yet) a number, so the store never sees NaN. */
export function NumberField({ label, value, min, max, step, onChange }: { label: string; value: number; min: number; max?: number; step: number; onChange(n: number): void }) {
  return (
    <label>
      {label}
      <input type="number" value={value} min={min} max={max} step={step} onChange={(e) => !Number.isNaN(e.target.valueAsNumber) && onChange(e.target.valueAsNumber)} />
    </label>
  );
}
