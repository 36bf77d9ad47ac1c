import type { ExportFile, PartedFile } from "../../state/io/io-slice.ts";
import { yieldToPage } from "../../state/scheduling/yield-to-page.ts";

/** Characters encoded to UTF-8 between two yields to the page. */
const CHARS_PER_SLICE = 1 << 22;

/**
 * The file's text as UTF-8, in slices with the page let back in between: `new Blob([text])` encodes
 * it all in one task, over half a second for a 10,000-run suite. A slice never ends between the two
 * halves of a surrogate pair (which would encode as U+FFFD). Text written in parts (the HTML report)
 * is encoded a few parts at a time, never joined whole: joining 70 MB of parts is itself one long task.
 */
export async function utf8Parts(text: string | readonly string[]): Promise<BlobPart[]> {
  if (typeof text !== "string") return utf8OfParts(text);
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

/** Whole parts, each a well-formed string, encoded about CHARS_PER_SLICE characters at a time. */
async function utf8OfParts(texts: readonly string[]): Promise<BlobPart[]> {
  const encoder = new TextEncoder();
  const parts: BlobPart[] = [];
  let batch: string[] = [];
  let length = 0;
  for (const text of texts) {
    batch.push(text);
    length += text.length;
    if (length >= CHARS_PER_SLICE) {
      parts.push(encoder.encode(batch.join("")));
      batch = [];
      length = 0;
      await yieldToPage();
    }
  }
  if (batch.length > 0) parts.push(encoder.encode(batch.join("")));
  return parts;
}

/** Hands a file (JSON unless it says otherwise; its text whole or in parts) to the browser's download. */
export async function download(file: (ExportFile | PartedFile) & { mimeType?: string }): Promise<void> {
  const type = file.mimeType ?? "application/json";
  // One Blob of every part copies them all in one long task: each part is
  // added to the Blob made so far, which a Blob holds by reference, the page let back in between.
  let blob = new Blob([], { type });
  for (const part of await utf8Parts("parts" in file ? file.parts : file.text)) {
    blob = new Blob([blob, part], { type });
    await yieldToPage();
  }
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = file.fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
