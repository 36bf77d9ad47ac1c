import { formatJson } from "../../shared/format.ts";
import { visible } from "../../shared/inert.ts";
import { RowSummary } from "./row-focus.tsx";
import { useDetailsFor } from "./reused-row.ts";

/**
 * Bodies up to this many lines start open; longer ones start folded, their size in the summary. An
 * open body is shown whole (no scroll box of its own), so this keeps a row that opens by itself
 * within about 220 px.
 */
export const OPEN_UP_TO_LINES = 12;

const lineCount = (text: string): number => {
  let n = 1;
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) n += 1;
  return n;
};

/** A JSON body in a timeline row, as inert text, folded and unfolded by its summary; `folded` starts it closed whatever its size. */
export function CollapsibleJson({ value, label, folded = false }: { value: unknown; label: string; folded?: boolean }) {
  const text = formatJson(value);
  const lines = lineCount(text);
  const open = !folded && lines <= OPEN_UP_TO_LINES;
  const details = useDetailsFor(value, open);
  return (
    <details className="json-body" open={open} ref={details}>
      <RowSummary>
        {`${label} `}
        <span className="muted">{`(${lines} ${lines === 1 ? "line" : "lines"})`}</span>
      </RowSummary>
      <pre aria-label={label}>{visible(text)}</pre>
    </details>
  );
}
