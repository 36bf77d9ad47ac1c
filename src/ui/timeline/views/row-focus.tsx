import { createContext, useContext, type ReactNode } from "react";

/**
 * Whether the row around a view is the list's one Tab stop (roving tabindex): its own controls
 * (a folded JSON body's summary) are in the Tab order only then, so Tab passes the list in one step.
 * True outside a row.
 */
export const RowTabbable = createContext(true);

/** A <summary> that follows its row in and out of the Tab order. */
export function RowSummary({ children }: { children: ReactNode }) {
  const tabbable = useContext(RowTabbable);
  return <summary tabIndex={tabbable ? undefined : -1}>{children}</summary>;
}
