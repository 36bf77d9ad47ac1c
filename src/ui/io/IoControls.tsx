import { useState } from "react";
import { appStore, useStore } from "../../app/app-store.ts";
import { exportable } from "../../state/io/io-slice.ts";
import { FilePicker } from "../shared/FilePicker.tsx";
import { download } from "./download.ts";

/** The signing key: pick a private key file and every export is signed with it; forget it and they are sealed, unsigned. */
function SigningKey() {
  const key = useStore((s) => s.signingKey);
  if (key) {
    return (
      <span className="muted" data-testid="signing-key" title={`From ${key.fileName}: kept in this page only, never saved`}>
        signing as <code>{key.fingerprint.slice(0, 19)}…</code>{" "}
        <button type="button" onClick={() => appStore.getState().forgetSigningKey()}>Forget key</button>
      </span>
    );
  }
  return (
    <FilePicker
      label="Sign with key…"
      testId="signing-key-input"
      title="Sign every export with an Ed25519 private key (npm run keygen writes one); the key stays in this page"
      onFile={(file) => appStore.getState().loadSigningKey(file.name, file)}
    />
  );
}

/** Export the run or the suite as JSON (diagnostics only when ticked), signed when a key is picked; import any finbound file. */
export function IoControls() {
  const [withDiagnostics, setWithDiagnostics] = useState(false);
  const canExportRun = useStore((s) => exportable(s.run));
  const canExportSuite = useStore((s) => s.suite.runs.length > 0);
  const exportWith = async (which: "run" | "suite") => {
    const s = appStore.getState();
    const file = which === "run" ? await s.exportRun({ includeDiagnostics: withDiagnostics }) : await s.exportSuite({ includeDiagnostics: withDiagnostics });
    if (file) await download(file);
  };
  return (
    <div className="controls">
      <button type="button" disabled={!canExportRun} onClick={() => void exportWith("run")}>Export run</button>
      <button type="button" disabled={!canExportSuite} onClick={() => void exportWith("suite")}>Export suite</button>
      <label className="muted" title="Restricted diagnostics hold internal error detail">
        <input type="checkbox" checked={withDiagnostics} onChange={(e) => setWithDiagnostics(e.target.checked)} /> include diagnostics
      </label>
      <SigningKey />
      <FilePicker
        label="Import…"
        testId="import-input"
        accept=".json,.jsonl,application/json"
        // The File itself: a Web Worker streams its bytes (never file.text(), which would read
        // invalid UTF-8 as U+FFFD) and re-scores it run by run; the page shows the progress.
        onFile={(file) => appStore.getState().importFile(file.name, file)}
      />
    </div>
  );
}
