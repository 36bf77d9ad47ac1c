import { useState } from "react";
import { appStore, useStore } from "../../app/app-store.ts";
import { exportable } from "../../state/io/io-slice.ts";
import { shareFile, type ShareFormat } from "../../state/io/share.ts";
import { download } from "../io/download.ts";

/**
 * "HTML report" and "OTLP" downloads of the current run, or of the suite: for people who do not run
 * finbound (one self-contained page) and for tracing tools (OpenTelemetry GenAI spans). Each writer
 * loads on first use.
 */
export function ShareButtons({ what }: { what: "run" | "suite" }) {
  const ready = useStore((s) => (what === "run" ? exportable(s.run) : s.suite.runs.length > 0));
  const [busy, setBusy] = useState<ShareFormat | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const share = async (format: ShareFormat): Promise<void> => {
    setBusy(format);
    setProblem(null);
    try {
      const file = await shareFile(appStore.getState(), what, format);
      if (file) await download(file);
    } catch (error) {
      setProblem(`Could not write the ${format === "html" ? "HTML report" : "OTLP file"}: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setBusy(null);
    }
  };
  const noun = what === "run" ? "run" : "suite";
  return (
    <span className="share-buttons">
      <button type="button" disabled={!ready || busy !== null} title={`A self-contained page of this ${noun}: opens offline, anywhere`} onClick={() => void share("html")}>
        {busy === "html" ? "Writing…" : "HTML report"}
      </button>
      <button type="button" disabled={!ready || busy !== null} title={`This ${noun} as OpenTelemetry spans (OTLP JSON, GenAI conventions)`} onClick={() => void share("otlp")}>
        {busy === "otlp" ? "Writing…" : "OTLP"}
      </button>
      {problem && <span role="alert" className="callout fail">{problem}</span>}
    </span>
  );
}
