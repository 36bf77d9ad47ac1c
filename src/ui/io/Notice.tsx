import { appStore, useStore } from "../../state/app-store.ts";
import { visible } from "../shared/inert.ts";

/** The last import, export or history message. Errors stay until dismissed; nothing else changes with them. */
export function Notice() {
  const notice = useStore((s) => s.notice);
  if (!notice) return <div />;
  return (
    <p className={`notice ${notice.kind}`} role={notice.kind === "error" ? "alert" : "status"} data-testid="notice">
      <span>{visible(notice.text)}</span>
      <button type="button" onClick={appStore.getState().dismissNotice}>Dismiss</button>
    </p>
  );
}
