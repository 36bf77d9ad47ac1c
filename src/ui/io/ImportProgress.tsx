import { appStore, useStore } from "../../app/app-store.ts";
import { visible } from "../shared/inert.ts";

const MB = 1024 * 1024;
const mb = (bytes: number): string => (bytes / MB).toFixed(bytes < 10 * MB ? 1 : 0);

/** The import under way: runs re-scored, megabytes read, and Cancel (which leaves the workspace as it was). */
export function ImportProgress() {
  const importing = useStore((s) => s.importing);
  if (!importing) return null;
  const p = importing.progress;
  // A suite read whole knows its run count; a streamed JSONL suite is measured by the bytes read.
  const [value, max] = p === null ? [0, 1] : p.runsTotal ? [p.runsDone, p.runsTotal] : [p.bytesRead, Math.max(1, p.bytesTotal)];
  return (
    <div className="notice info import-progress" role="status" data-testid="import-progress">
      <span>Importing {visible(importing.fileName)}…</span>
      <progress value={value} max={max} aria-label="Import progress" data-testid="import-progress-bar" style={{ flex: "0 1 240px" }} />
      <span className="muted mono" data-testid="import-progress-text">
        {p === null ? "starting" : `${p.runsDone}${p.runsTotal === null ? "" : ` / ${p.runsTotal}`} runs · ${mb(p.bytesRead)} / ${mb(p.bytesTotal)} MB read`}
      </span>
      <button type="button" onClick={() => appStore.getState().cancelImport()}>
        Cancel
      </button>
    </div>
  );
}
