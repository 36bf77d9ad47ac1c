import type { ImportSource } from "./types.ts";

/** A file's bytes already in memory, as a source of one chunk (or of chunks of `size`, to test a stream). */
export function bytesSource(bytes: Uint8Array, chunkSize = bytes.length || 1): ImportSource {
  return {
    size: bytes.length,
    async *chunks() {
      for (let at = 0; at < bytes.length; at += chunkSize) yield bytes.subarray(at, at + chunkSize);
    },
  };
}
