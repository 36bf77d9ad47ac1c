// The one place that decides rounding. Rule: half away from zero, applied to the decimal
// value JavaScript prints for the number (so 1.005 rounds to 1.01, as a person expects),
// never to its binary approximation (which would give 1.00).

/** Rounds to `places` decimals, half away from zero. */
export function roundHalfUp(x: number, places: number): number {
  if (!Number.isFinite(x)) return x;
  const fast = roundedInBinary(x, places);
  if (fast !== undefined) return fast;
  const shifted = shiftDecimal(Math.abs(x), places);
  // Beyond 2^53 there are no fractional digits left to round.
  if (shifted > Number.MAX_SAFE_INTEGER) return x;
  const back = shiftDecimal(Math.round(shifted), -places);
  return x < 0 ? -back : back;
}

/**
 * The same rounding without the decimal text, where that cannot change the answer. |x| · 10^places in
 * binary is within a few units in the last place of the decimal product, so unless its fraction is
 * that close to a half both round to the same whole number n; and n / 10^places, two exact doubles
 * divided, is the double nearest the decimal n·10^-places, as reading its text gives. Undefined near
 * a half (1.005), and for places a double cannot scale by exactly.
 */
function roundedInBinary(x: number, places: number): number | undefined {
  const scale = EXACT_POWERS_OF_TEN[places];
  if (scale === undefined) return undefined;
  const shifted = Math.abs(x) * scale;
  const fraction = shifted - Math.floor(shifted);
  if (!(Math.abs(fraction - 0.5) > 8 * Number.EPSILON * shifted)) return undefined;
  const back = Math.round(shifted) / scale;
  return x < 0 ? -back : back;
}

/** 10^0 … 10^22: the powers of ten a double holds exactly. */
const EXACT_POWERS_OF_TEN: readonly number[] = Array.from({ length: 23 }, (_, k) => 10 ** k);

/** x * 10^k computed on the decimal text, so no binary rounding error creeps in. */
function shiftDecimal(x: number, k: number): number {
  const [mantissa, exponent] = x.toExponential().split("e") as [string, string];
  return Number(`${mantissa}e${Number(exponent) + k}`);
}

/** Rupees to paise precision (2 decimals). */
export const roundToPaise = (inr: number): number => roundHalfUp(inr, 2);

/** Ratios are reported to 4 decimals. */
export const roundRatio = (ratio: number): number => roundHalfUp(ratio, 4);
