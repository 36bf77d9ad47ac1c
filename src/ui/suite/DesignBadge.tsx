import type { DesignStatus } from "../../state/suite-design.ts";
import "./design.css";

const LABEL: Record<DesignStatus, string> = { as_designed: "as designed", regression: "regression", passed: "passed", failed: "failed" };

/** How a run stands against its fixture's declared failures; the title carries the whole account. */
export function DesignBadge({ status, text }: { status: DesignStatus; text: string }) {
  return (
    <span className={`badge design design-${status}`} data-design={status} title={text}>
      {status === "regression" && <span aria-hidden="true">▲ </span>}
      {LABEL[status]}
    </span>
  );
}
