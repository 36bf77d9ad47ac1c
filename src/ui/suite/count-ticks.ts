/**
 * The ticks of a count axis from 0: a step of 1, 2 or 5 times a power of ten, at most `most` steps,
 * the last tick at or above `max`. Given to the axis with its nice-tick search turned off: recharts'
 * own search works in arbitrary-precision decimals, and was a sixth of drawing the outcomes chart.
 */
export function countTicks(max: number, most = 5): number[] {
  const top = Math.max(1, Math.ceil(max));
  let power = 1;
  while (top / power > most * 5) power *= 10;
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => Math.ceil(top / s) <= most) ?? 10 * power;
  return Array.from({ length: Math.ceil(top / step) + 1 }, (_, i) => i * step);
}

/** The ticks of a percent axis. */
export const PERCENT_TICKS: readonly number[] = [0, 25, 50, 75, 100];
