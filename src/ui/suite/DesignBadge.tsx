import { DESIGN_LABEL, type DesignStatus } from "../../state/suite/suite-design.ts";
import "./design.css";

/** How a run stands against its fixture's declared failures; the title carries the whole account. */
export function DesignBadge({ status, text }: { status: DesignStatus; text: string }) {
  return (
    <span className={`badge design design-${status}`} data-design={status} title={text}>
      {status === "regression" && <span aria-hidden="true">▲ </span>}
      {DESIGN_LABEL[status]}
    </span>
  );
}
