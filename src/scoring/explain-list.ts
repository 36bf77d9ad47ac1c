/**
 * How many items an explanation names before it says how many more there are. A verdict's text is
 * for a person; the full list stays in its `actual` field. 160,000 denials once made a 10 MB
 * explanation that the workbench spent seconds laying out.
 */
export const NAMED_IN_EXPLANATION = 20;

/** The first items joined by `separator`, then "(and N more)" when there are more. */
export function listed(items: readonly string[], separator: string, max = NAMED_IN_EXPLANATION): string {
  const shown = items.slice(0, max).join(separator);
  return items.length > max ? `${shown} (and ${items.length - max} more)` : shown;
}
