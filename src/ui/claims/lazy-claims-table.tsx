import { useEffect, useState, type ComponentProps } from "react";
import { lazyView } from "../shared/lazy-view.tsx";
import type { ClaimsTable } from "./ClaimsTable.tsx";
import { NoClaims } from "./NoClaims.tsx";

/**
 * The claims table's code, with the table library's (12 kB gzipped), is not in the first load
 * (issue 11: ≤ 200 kB). The run view asks for it as it first draws, and App once the page is idle;
 * a run without claims never needs it.
 */
export const claimsTable = lazyView(() => import("./ClaimsTable.tsx").then((m) => m.ClaimsTable));

type Props = ComponentProps<typeof ClaimsTable>;

/**
 * The claims table (ClaimsTable.tsx), its code loaded on demand. Not through Suspense: the result
 * panel began rendering before the code was in, though it arrived before that render was committed,
 * and React then holds a Suspense fallback for 300 ms at least, so a run opened by its link showed
 * "Loading" that long in every try. A line of text stands in until the code is in, and a load that
 * fails is thrown to the view's boundary, whose "Try again" loads it again.
 */
export function LazyClaimsTable(props: Props) {
  const [Table, setTable] = useState(claimsTable.loaded);
  const needed = props.claims.length > 0 && Table === null;
  useEffect(() => {
    if (!needed) return;
    let live = true;
    claimsTable.preload().then(
      () => live && setTable(claimsTable.loaded),
      (error: unknown) =>
        live &&
        setTable(() => {
          throw error;
        }),
    );
    return () => {
      live = false;
    };
  }, [needed]);
  if (props.claims.length === 0) return <NoClaims scored={props.verdicts !== null} />;
  if (Table === null) return <p className="empty" aria-busy="true">Loading the claims table…</p>;
  return <Table {...props} />;
}
