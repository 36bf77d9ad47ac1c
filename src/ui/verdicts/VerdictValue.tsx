import { useAbridged } from "../shared/abridged.tsx";
import { visible } from "../shared/inert.ts";
import { formatCount } from "../shared/format.ts";

/** Past this depth a value is shown as JSON: a verdict's values are shallow, and a deep one is better read whole. */
const MAX_DEPTH = 3;

const isPlain = (v: unknown): boolean => v === null || ["string", "number", "boolean"].includes(typeof v);

/**
 * A verdict's expected or actual value as a person reads it: text plain, nothing as "none", a list
 * as a list, an object as key: value. Text from a run stays inert (visible escapes, never markup).
 */
export function VerdictValue({ value, depth = 0 }: { value: unknown; depth?: number }) {
  if (typeof value === "string") return <span className="vv-text">{visible(value)}</span>;
  if (value === null || value === undefined) return <span className="vv-none">none</span>;
  if (typeof value === "number" || typeof value === "boolean") return <span className="vv-text">{String(value)}</span>;
  if (depth >= MAX_DEPTH) return <code className="vv-json">{visible(JSON.stringify(value))}</code>;
  if (Array.isArray(value)) {
    if (value.length === 0) return <span className="vv-none">none</span>;
    if (value.length === 1 && isPlain(value[0])) return <VerdictValue value={value[0]} depth={depth + 1} />;
    return <ValueList items={value} depth={depth} />;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return <span className="vv-none">none</span>;
  return (
    <dl className="vv-object">
      {entries.map(([key, v]) => (
        <div key={key}>
          <dt>{visible(key)}:</dt> <dd><VerdictValue value={v} depth={depth + 1} /></dd>
        </div>
      ))}
    </dl>
  );
}

/** A list value: the first items, then how many more and a toggle (a run's denials can number 160,000). */
function ValueList({ items, depth }: { items: readonly unknown[]; depth: number }) {
  const { shown, hidden, toggle } = useAbridged(items);
  return (
    <ul className="vv-list">
      {shown.map((item, i) => (
        <li key={i}>
          <VerdictValue value={item} depth={depth + 1} />
        </li>
      ))}
      {toggle && (
        <li className="vv-more">
          {hidden > 0 && `and ${formatCount(hidden)} more `}
          {toggle}
        </li>
      )}
    </ul>
  );
}
