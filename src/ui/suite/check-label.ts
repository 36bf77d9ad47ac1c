/**
 * A check id as words that wrap in a narrow column header: "no_out_of_scope_disclosure" →
 * "no out of scope disclosure", "claim[0].as_of" → "claim 0 as of". The id itself goes in the title.
 */
export function checkLabel(check: string): string {
  const claim = /^claim\[(\d+)\]\.(.+)$/.exec(check);
  const words = claim ? `claim ${claim[1]} ${claim[2]}` : check;
  return words.replace(/[_.]+/g, " ");
}
