import type { ExportFile } from "../../state/io-slice.ts";

/** Hands a file (JSON unless it says otherwise) to the browser's download. */
export function download(file: ExportFile & { mimeType?: string }): void {
  const url = URL.createObjectURL(new Blob([file.text], { type: file.mimeType ?? "application/json" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = file.fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
