// The one place that decides rounding. Rule: half away from zero, applied to the decimal
// value JavaScript prints for the number (so 1.005 rounds to 1.01, as a person expects),
// never to its binary approximation (which would give 1.00).

/** Rounds to `places` decimals, half away from zero. */
export function roundHalfUp(x: number, places: number): number {
  if (!Number.isFinite(x)) return x;
  const [mantissa, exponent] = Math.abs(x).toExponential().split("e") as [string, string];
  const shifted = Number(`${mantissa}e${Number(exponent) + places}`);
  const rounded = Math.round(shifted);
  const back = Number(`${rounded}e-${places}`);
  return x < 0 ? -back : back;
}

/** Rupees to paise precision (2 decimals). */
export const roundToPaise = (inr: number): number => roundHalfUp(inr, 2);

/** Ratios are reported to 4 decimals. */
export const roundRatio = (ratio: number): number => roundHalfUp(ratio, 4);
