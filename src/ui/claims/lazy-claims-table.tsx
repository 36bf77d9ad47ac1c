import type { ComponentProps } from "react";
import { lazyView, useLoadedPart } from "../shared/lazy-view.tsx";
import type { ClaimsTable } from "./ClaimsTable.tsx";
import { NoClaims } from "./NoClaims.tsx";

/**
 * The claims table's code, with the table library's (12 kB gzipped), is not in the first load
 * (≤ 200 kB). The run view asks for it as it first draws, and App once the page is idle;
 * a run without claims never needs it.
 */
export const claimsTable = lazyView(() => import("./ClaimsTable.tsx"), (m) => m.ClaimsTable);

/**
 * The claims table (ClaimsTable.tsx), its code loaded on demand. Not under Suspense: the result
 * panel began rendering before the code was in, though it arrived before that render was committed,
 * and React then holds a fallback 300 ms at least, so a run opened by its link showed "Loading" that
 * long in every try; a line of text stands in until the code is in. A failed load
 * is this panel's to show, with its own "Try again": the rest of the run view does not need the code.
 */
export function LazyClaimsTable(props: ComponentProps<typeof ClaimsTable>) {
  const { Part: Table, failure, retry } = useLoadedPart(claimsTable, props.claims.length > 0);
  if (props.claims.length === 0) return <NoClaims scored={props.verdicts !== null} />;
  if (failure) {
    return (
      <div className="callout fail" role="alert" data-testid="claims-not-loaded">
        The claims table could not be loaded: <span className="mono">{failure.message}</span>{" "}
        <button type="button" onClick={retry}>
          Try again
        </button>
      </div>
    );
  }
  if (Table === null) return <p className="empty" aria-busy="true">Loading the claims table…</p>;
  return <Table {...props} />;
}
