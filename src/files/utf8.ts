/**
 * The offset of the first byte that does not begin or continue a well-formed UTF-8 sequence
 * (the Unicode Standard's table 3-7: no overlong forms, no surrogates, nothing above U+10FFFF),
 * or -1 when every byte is well formed. A sequence cut short, even by the end of the file, is
 * reported at its first byte.
 */
export function firstInvalidUtf8Byte(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i] as number;
    if (b < 0x80) {
      i += 1;
      continue;
    }
    const [length, low, high] = leadByte(b);
    if (length === 0) return i;
    for (let k = 1; k < length; k++) {
      const c = bytes[i + k];
      // The second byte's range depends on the lead byte; later ones are any continuation byte.
      const [min, max] = k === 1 ? [low, high] : [0x80, 0xbf];
      if (c === undefined || c < min || c > max) return i;
    }
    i += length;
  }
  return -1;
}

/** A lead byte's sequence length and the allowed range of the byte after it; length 0 if it cannot lead. */
function leadByte(b: number): readonly [number, number, number] {
  if (b >= 0xc2 && b <= 0xdf) return [2, 0x80, 0xbf];
  if (b === 0xe0) return [3, 0xa0, 0xbf];
  if (b === 0xed) return [3, 0x80, 0x9f];
  if (b >= 0xe1 && b <= 0xef) return [3, 0x80, 0xbf];
  if (b === 0xf0) return [4, 0x90, 0xbf];
  if (b === 0xf4) return [4, 0x80, 0x8f];
  if (b >= 0xf1 && b <= 0xf3) return [4, 0x80, 0xbf];
  return [0, 0, 0];
}

/**
 * How many bytes at the end begin a sequence the bytes so far do not complete (0 to 3): what a
 * reader of chunks carries over to the next chunk. Whether they are valid is decided with it.
 */
export function incompleteUtf8Tail(bytes: Uint8Array): number {
  for (let k = 1; k <= 3 && k <= bytes.length; k++) {
    const b = bytes[bytes.length - k] as number;
    if (b >= 0x80 && b <= 0xbf) continue;
    const [length] = leadByte(b);
    return length > k ? k : 0;
  }
  return 0;
}
