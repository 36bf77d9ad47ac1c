// Seeded randomness: the same seed gives the same draws whatever order concurrent requests arrive
// in, so the simulators, shards, merges and reruns reproduce exactly, and so does a bootstrap interval.

export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** FNV-1a: a 32-bit seed per request from a base seed, what is being run and the turn. */
export function requestSeed(seed: number, run: string, turn: number): number {
  let h = 0x811c9dc5;
  for (const ch of `${seed}:${run}:${turn}`) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193);
  return h >>> 0;
}
