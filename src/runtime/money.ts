// The one place that decides rounding. Rule: half away from zero, applied to the decimal
// value JavaScript prints for the number (so 1.005 rounds to 1.01, as a person expects),
// never to its binary approximation (which would give 1.00).

/** Rounds to `places` decimals, half away from zero. */
export function roundHalfUp(x: number, places: number): number {
  if (!Number.isFinite(x)) return x;
  const shifted = shiftDecimal(Math.abs(x), places);
  // Beyond 2^53 there are no fractional digits left to round.
  if (shifted > Number.MAX_SAFE_INTEGER) return x;
  const back = shiftDecimal(Math.round(shifted), -places);
  return x < 0 ? -back : back;
}

/** x * 10^k computed on the decimal text, so no binary rounding error creeps in. */
function shiftDecimal(x: number, k: number): number {
  const [mantissa, exponent] = x.toExponential().split("e") as [string, string];
  return Number(`${mantissa}e${Number(exponent) + k}`);
}

/** Rupees to paise precision (2 decimals). */
export const roundToPaise = (inr: number): number => roundHalfUp(inr, 2);

/** Ratios are reported to 4 decimals. */
export const roundRatio = (ratio: number): number => roundHalfUp(ratio, 4);
