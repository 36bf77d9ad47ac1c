// One grouping everywhere, the spec's: 3,345,563.94 (not the Indian 33,45,563.94), so the
// numbers on screen can be compared with the contract at a glance.
const grouped = (digits: number) => new Intl.NumberFormat("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });

export const formatNumber = (n: number, digits = 2): string => grouped(digits).format(n);
/** Whole rupees when the amount is whole (₹2,500,000), paise otherwise. */
export const formatInr = (n: number): string => `₹${Number.isInteger(n) ? grouped(0).format(n) : grouped(2).format(n)}`;
export const formatPercent = (r: number): string => `${new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 }).format(r * 100)} %`;
export const formatSeconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
export const formatJson = (value: unknown): string => JSON.stringify(value, null, 2) ?? "undefined";
