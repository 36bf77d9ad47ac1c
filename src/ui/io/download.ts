import type { ExportFile } from "../../state/io-slice.ts";
import { yieldToPage } from "../../state/yield-to-page.ts";

/** Characters encoded to UTF-8 between two yields to the page. */
const CHARS_PER_SLICE = 1 << 22;

/**
 * The file's text as UTF-8, in slices with the page let back in between: `new Blob([text])` encodes
 * it all in one task, over half a second for a 10,000-run suite. A slice never ends between the two
 * halves of a surrogate pair (which would encode as U+FFFD).
 */
export async function utf8Parts(text: string): Promise<BlobPart[]> {
  if (text.length <= CHARS_PER_SLICE) return [text];
  const encoder = new TextEncoder();
  const parts: BlobPart[] = [];
  for (let from = 0; from < text.length; ) {
    let to = Math.min(text.length, from + CHARS_PER_SLICE);
    const last = text.charCodeAt(to - 1);
    if (to < text.length && last >= 0xd800 && last <= 0xdbff) to -= 1;
    parts.push(encoder.encode(text.slice(from, to)));
    from = to;
    if (from < text.length) await yieldToPage();
  }
  return parts;
}

/** Hands a file (JSON unless it says otherwise) to the browser's download. */
export async function download(file: ExportFile & { mimeType?: string }): Promise<void> {
  const url = URL.createObjectURL(new Blob(await utf8Parts(file.text), { type: file.mimeType ?? "application/json" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = file.fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
