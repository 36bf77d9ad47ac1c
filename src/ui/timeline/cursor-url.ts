/**
 * Where the cursor is, in the URL. `at=N` is the event's number as the workbench shows it ("event N
 * of M", row #N): 1-based. Links made before it carry `event=I`, the 0-based index (the event's
 * `seq`); they are still read, and mean what they meant. `at` wins when a link has both.
 */
export const CURSOR_PARAM = "at";
export const LEGACY_CURSOR_PARAM = "event";

/** The 0-based cursor a URL asks for, or undefined when it names none (or names it badly). */
export function cursorFromParams(params: URLSearchParams): number | undefined {
  const at = params.get(CURSOR_PARAM);
  if (at !== null) {
    const n = Number(at);
    return at.trim() !== "" && Number.isInteger(n) && n >= 1 ? n - 1 : undefined;
  }
  const legacy = params.get(LEGACY_CURSOR_PARAM);
  if (legacy === null) return undefined;
  const i = Number(legacy);
  return legacy.trim() !== "" && Number.isInteger(i) && i >= 0 ? i : undefined;
}

/** Writes the cursor as the event's number (the legacy parameter is not written). */
export function setCursorParam(params: URLSearchParams, cursor: number): void {
  params.delete(LEGACY_CURSOR_PARAM);
  params.set(CURSOR_PARAM, String(cursor + 1));
}

/** The number a person reads for the event at `index`. */
export const eventNumber = (index: number): number => index + 1;
