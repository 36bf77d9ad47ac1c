// One grouping everywhere, the spec's: 3,345,563.94 (not the Indian 33,45,563.94), so the
// numbers on screen can be compared with the contract at a glance.
// Formatters are made once: making one costs about a millisecond, and a view of a long run or a
// large suite formats dozens of numbers in one render (toLocaleString makes one per call).
const formatters = new Map<string, Intl.NumberFormat>();
const formatter = (key: string, options: Intl.NumberFormatOptions): Intl.NumberFormat => {
  let f = formatters.get(key);
  if (!f) formatters.set(key, (f = new Intl.NumberFormat("en-US", options)));
  return f;
};
const grouped = (digits: number): Intl.NumberFormat => formatter(`fixed ${digits}`, { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** A count or any number as written without a fixed number of decimals: 1,000,003. */
export const formatCount = (n: number): string => formatter("count", {}).format(n);

export const formatNumber = (n: number, digits = 2): string => grouped(digits).format(n);
/** Whole rupees when the amount is whole (₹2,500,000), paise otherwise. */
export const formatInr = (n: number): string => `₹${Number.isInteger(n) ? grouped(0).format(n) : grouped(2).format(n)}`;
export const formatPercent = (r: number): string => `${formatter("percent", { maximumFractionDigits: 2 }).format(r * 100)} %`;
export const formatSeconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
export const formatJson = (value: unknown): string => JSON.stringify(value, null, 2) ?? "undefined";
