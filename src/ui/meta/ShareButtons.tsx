import { useState } from "react";
import { appStore, useStore } from "../../state/app-store.ts";
import { shareFile, type ShareFile, type ShareFormat } from "../../state/share.ts";

function downloadShare(file: ShareFile): void {
  const url = URL.createObjectURL(new Blob([file.text], { type: file.mimeType }));
  const a = document.createElement("a");
  a.href = url;
  a.download = file.fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The "HTML report" download of the current run, or of the suite when the suite view is open. */
export function ShareButtons({ what = "run" }: { what?: "run" | "suite" }) {
  const ready = useStore((s) => (what === "run" ? s.run?.scored != null : s.suite.status === "done" && s.suite.runs.length > 0));
  const [busy, setBusy] = useState<ShareFormat | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const share = async (format: ShareFormat): Promise<void> => {
    setBusy(format);
    setProblem(null);
    try {
      const file = await shareFile(appStore.getState(), what, format);
      if (file) downloadShare(file);
    } catch (error) {
      setProblem(`Could not write the ${format === "html" ? "HTML report" : format}: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      <button type="button" disabled={!ready || busy !== null} onClick={() => void share("html")}>{busy === "html" ? "Writing…" : "HTML report"}</button>
      {problem && <span role="alert" className="callout fail">{problem}</span>}
    </>
  );
}
