import { appStore, useStore } from "../../app/app-store.ts";
import { visible } from "../shared/inert.ts";
import { ImportProgress } from "./ImportProgress.tsx";

/** The last import, export or history message. Errors stay until dismissed; nothing else changes with them. */
export function Notice() {
  const notice = useStore((s) => s.notice);
  const importing = useStore((s) => s.importing !== null);
  if (importing) return <ImportProgress />;
  if (!notice) return <div />;
  return (
    <p className={`notice ${notice.kind}`} role={notice.kind === "error" ? "alert" : "status"} data-testid="notice">
      <span>{visible(notice.text)}</span>
      <button type="button" onClick={appStore.getState().dismissNotice}>Dismiss</button>
    </p>
  );
}
