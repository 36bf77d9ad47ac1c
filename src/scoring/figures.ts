// Figures as a person reads them in a message (contract §8a): amounts in Indian or international
// grouping, with ₹/INR/Rs., lakh/crore/million scales, percentages, ratios, years and dates. Digits
// inside identifiers (`HH-1001`, `ev-1`, `calc-fv-v1`) and ordinals (`2nd`) are not figures.

/** One figure in a text: what was written, the number it means and the precision it was written to. */
export interface Figure {
  /** As written, for the explanation (`₹4,477,119.25`, `40%`, `2.5 million`). */
  readonly text: string;
  /** The number it stands for: rupees for amounts, a fraction for percentages (`40%` → 0.4). */
  readonly value: number;
  /** The unit of its last written digit in `value`'s terms (`₹4.8 crore` → 1,000,000; `40%` → 0.01). */
  readonly step: number;
}

/** A calendar date written in the text, as `YYYY-MM-DD`. */
export interface DateFigure {
  readonly text: string;
  readonly iso: string;
}

const SCALES: Record<string, number> = {
  thousand: 1e3, k: 1e3,
  lakh: 1e5, lakhs: 1e5, lac: 1e5, lacs: 1e5, l: 1e5,
  million: 1e6, millions: 1e6, mn: 1e6, m: 1e6,
  crore: 1e7, crores: 1e7, cr: 1e7,
  billion: 1e9, billions: 1e9, bn: 1e9,
  // Hindi, as NFKC writes it (करोड़'s last letter is ड and a nukta).
  "लाख": 1e5, "करोड": 1e7, "करोड\u093c": 1e7,
};
const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const MONTH = "(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)";

const ISO_DATE = /\b(\d{4})-(\d{2})-(\d{2})\b/g;
const DAY_MONTH_YEAR = new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+${MONTH}\\.?,?\\s+(\\d{4})\\b`, "gi");
const MONTH_DAY_YEAR = new RegExp(`\\b${MONTH}\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})\\b`, "gi");

// A run of digits with optional grouping commas and decimals. Whether it is a figure depends on what
// stands right before and after it.
const NUMBER = /\d[\d,]*(?:\.\d+)?/g;
const CURRENCY_BEFORE = /(?:₹|\binr|\brs\.?|\brupees?)\s*$/i;
const IDENTIFIER_BEFORE = /[A-Za-z][A-Za-z0-9]*(?:[-_./:][A-Za-z0-9]+)*[-_./:]?$|\d[-_/.:]$/;
const AFTER_SCALE = /^\s*(thousand|lakhs?|lacs?|l|millions?|mn|m|crores?|cr|billions?|bn|k|लाख|करोड\u093c?)(?![A-Za-z\p{M}])/iu;
const AFTER_PERCENT = /^\s*(?:%|per\s*cent\b|percent\b)/i;
const AFTER_EXPONENT = /^e([+-]?\d+)(?![A-Za-z0-9])/i;
// A letter right after the digits makes them part of a word: `3x`, an ordinal (`2nd`, `31st`).
const AFTER_LETTER = /^[A-Za-z0-9_]/;
const AFTER_IDENTIFIER_JOIN = /^[-_/.:][A-Za-z]*\d/;

const pad = (n: string): string => n.padStart(2, "0");
const monthNumber = (name: string): string => pad(String(MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1));

/** Dates in the text, and the text with them blanked out so their digits are not read again. */
export function extractDates(text: string): { dates: DateFigure[]; rest: string } {
  const dates: DateFigure[] = [];
  const blank = (m: string): string => " ".repeat(m.length);
  let rest = text.replace(ISO_DATE, (m) => {
    dates.push({ text: m, iso: m });
    return blank(m);
  });
  rest = rest.replace(DAY_MONTH_YEAR, (m, d: string, mon: string, y: string) => {
    dates.push({ text: m, iso: `${y}-${monthNumber(mon)}-${pad(d)}` });
    return blank(m);
  });
  rest = rest.replace(MONTH_DAY_YEAR, (m, mon: string, d: string, y: string) => {
    dates.push({ text: m, iso: `${y}-${monthNumber(mon)}-${pad(d)}` });
    return blank(m);
  });
  return { dates, rest };
}

// Grouping as written in India (33,45,563) or internationally (3,345,563); anything else with commas
// is a list of numbers (`5,6`), and a run without commas is a list of one.
const GROUPED = /^\d{1,3}(?:,\d{3})+$|^\d{1,2}(?:,\d{2})*,\d{3}$/;

/** Splits a matched run into numbers as written: `33,45,563.94` is one, `5,6` is two, `2,500,000,` is one. */
function numbersIn(run: string, at: number): { written: string; index: number }[] {
  const trimmed = run.replace(/,+$/, "");
  const whole = trimmed.split(".")[0] ?? "";
  if (GROUPED.test(whole)) return [{ written: trimmed, index: at }];
  let offset = at;
  return trimmed.split(",").flatMap((part) => {
    const here = offset;
    offset += part.length + 1;
    return part === "" ? [] : [{ written: part, index: here }];
  });
}

const decimalsOf = (digits: string): number => (digits.split(".")[1] ?? "").length;

// A minus sign belongs to the figure (contract §8a): attached to the digits or the currency (`-6 %`,
// `-₹25 lakh`, `₹-25 lakh`; a hyphen after a word or a digit joins, it does not negate), the words
// "negative" and "minus", and accounting brackets: a currency amount wrapped in brackets where a
// table or a label puts a value — at the start of a line, after `:`, `=` or `|`. Brackets after a word or
// another figure are a parenthesis ("grows to ₹33.46 lakh (INR 3,345,563.94)"); a bracketed
// percentage is always one.
const MINUS_BEFORE = /(?:^|[^\w.,-])-$/;
const MINUS_WORD_BEFORE = /(?:^|[^\w])(negative|minus)\s+$/i;
const CURRENCY_THEN_MINUS = /(?:₹|\binr|\brs\.?|\brupees?)\s*(?=-$)/i;
const BRACKET_BEFORE = /(?:^|[\n:=|\t])\s*\($/;

interface Reading { readonly index: number; readonly figure: Figure }

/** The figure a number written at `index` stands for, or null when it is part of an identifier or a word. */
function readNumber(text: string, written: string, index: number): Figure | null {
  const before = text.slice(Math.max(0, index - 40), index);
  const after = text.slice(index + written.length);
  const minusAfterCurrency = CURRENCY_THEN_MINUS.exec(before);
  const currency = minusAfterCurrency ? `${minusAfterCurrency[0]}-` : (CURRENCY_BEFORE.exec(before)?.[0] ?? null);
  if (currency === null && IDENTIFIER_BEFORE.test(before)) return null;
  const outside = currency === null ? before : before.slice(0, before.length - currency.length);
  const digits = written.replaceAll(",", "");
  const exponent = AFTER_EXPONENT.exec(after);
  const scale = AFTER_SCALE.exec(after);
  const percent = AFTER_PERCENT.exec(after);
  const step = 10 ** -decimalsOf(digits);
  const prefix = currency ?? "";
  let figure: Figure | null = null;
  if (exponent) {
    const factor = 10 ** Number(exponent[1]);
    figure = { text: `${prefix}${written}${exponent[0]}`, value: Number(digits) * factor, step: step * factor };
  } else if (scale) {
    const factor = SCALES[(scale[1] ?? "").toLowerCase()] ?? 1;
    figure = { text: `${prefix}${written}${scale[0]}`, value: Number(digits) * factor, step: step * factor };
  } else if (percent) {
    figure = { text: `${written}${percent[0]}`, value: Number(digits) / 100, step: step / 100 };
  } else if (!AFTER_LETTER.test(after) && !AFTER_IDENTIFIER_JOIN.test(after)) {
    figure = { text: `${prefix}${written}`, value: Number(digits), step };
  }
  if (figure === null) return null;
  const negative = (text: string): Figure => ({ ...figure, text, value: -figure.value });
  if (minusAfterCurrency) return negative(figure.text);
  if (MINUS_BEFORE.test(outside)) return negative(`-${figure.text}`);
  const word = MINUS_WORD_BEFORE.exec(outside)?.[1];
  if (word !== undefined) return negative(`${word} ${figure.text}`);
  const closes = after.slice(figure.text.length - prefix.length - written.length).startsWith(")");
  if (currency !== null && !percent && closes && BRACKET_BEFORE.test(outside)) return negative(`(${figure.text})`);
  return figure;
}

function readNumbers(text: string): Reading[] {
  const readings: Reading[] = [];
  for (const match of text.matchAll(NUMBER)) {
    for (const { written, index } of numbersIn(match[0], match.index)) {
      const figure = readNumber(text, written, index);
      if (figure) readings.push({ index, figure });
    }
  }
  return readings;
}

// A range is two figures (contract §8a): `₹30-35 lakh`, `6-8 %`, `₹30 to ₹35 lakh`, `between 6 and 8%`
// (en and em dashes are hyphens once folded). Each end is read as if written alone, with the currency
// and the scale or percent of the other end when it has none: "₹30-35 lakh" quotes ₹30 lakh and ₹35 lakh.
// A hyphen inside an identifier (`HH-1001-2002`, `+91-22`), a time or a date is no range: the pattern
// starts only after a space or punctuation and ends before one.
const RANGE_END = String.raw`(-?)((?:₹|\binr|\brs\.?|\brupees?)\s*)?(\d[\d,]*(?:\.\d+)?)(\s*(?:%|per\s*cent\b|percent\b|(?:thousand|lakhs?|lacs?|l|millions?|mn|m|crores?|cr|billions?|bn|k|लाख|करोड\u093c?)(?![a-z\p{M}])))?`;
const RANGE_AFTER = String.raw`(?![\w/:-]|[.,]\d)`;
const RANGES = new RegExp(
  `(?<![\\w.,/:+-])${RANGE_END}(?:\\s*-\\s*|\\s+to\\s+)${RANGE_END}${RANGE_AFTER}|\\bbetween\\s+${RANGE_END}\\s+and\\s+${RANGE_END}${RANGE_AFTER}`,
  "giu",
);
const YEAR = /^(?:19|20|21)\d\d$/;

interface RangeEnd { readonly minus: string; readonly currency: string; readonly digits: string; readonly unit: string }
const endOf = (groups: readonly (string | undefined)[]): RangeEnd => ({
  minus: groups[0] ?? "", currency: groups[1] ?? "", digits: groups[2] ?? "", unit: groups[3] ?? "",
});

/** The two ends of a range as figures, or null when the text is a year and a month (`2026-03`). */
function rangeEnds(first: RangeEnd, second: RangeEnd): [Figure, Figure] | null {
  if (YEAR.test(first.digits) && /^\d\d$/.test(second.digits) && second.unit === "" && second.currency === "") {
    // A financial year (`2025-26`) is two years; a year and a month is a date, not a figure.
    if (Number(second.digits) !== (Number(first.digits) + 1) % 100) return null;
    second = { ...second, digits: String(Number(first.digits) + 1) };
  }
  // A year before an amount is no end of a range of amounts: "by 2031 to ₹33.46 lakh".
  const carries = (to: RangeEnd): boolean => !(YEAR.test(to.digits) && to.unit === "" && to.currency === "");
  const withUnits = (end: RangeEnd, other: RangeEnd): string => {
    const currency = end.currency !== "" || !carries(end) ? end.currency : other.currency;
    const unit = end.unit !== "" || !carries(end) ? end.unit : other.unit;
    return `${end.minus}${currency}${end.digits}${unit}`;
  };
  const [a] = readNumbers(withUnits(first, second));
  const [b] = readNumbers(withUnits(second, first));
  return a && b ? [a.figure, b.figure] : null;
}

// List and footnote markers are structure, not amounts (docs/decisions.md, "Which numbers are figures"):
// "1." or "2)" or "(3)" opening a line (after any bullet or quote mark); "2)" opening an item after `:`,
// `;` or `,` (not "2.": "Horizon: 10." states a figure); "(3)" before a word anywhere; "Step 3", "Option 2" and their kin; "#4"; footnotes "[1]" and "[^2]".
// A marker is one or two digits followed by a space, so "12.5% a year" opening a line stays a figure.
const MARKERS: readonly RegExp[] = [
  /(?<=^[\t >*+•·-]*)(?:\(\d{1,2}\)|\d{1,2}[.)])(?=\s)/gmu,
  /(?<=[:;,]\s*)\d{1,2}\)(?=\s)/gu,
  /(?<=^|\s)\(\d{1,2}\)(?=\s+\p{L})/gu,
  /(?<=\b(?:step|option|item|part|point|phase|stage)\s+)\d{1,2}(?![\d%]|[.,]\d)/giu,
  /#\d+/gu,
  /\[\^?\d{1,3}\]/gu,
];
const blank = (m: string): string => " ".repeat(m.length);

/** Every figure in `text` (already folded by `asRead`); blank out dates first (`extractDates`). */
export function extractFigures(text: string): Figure[] {
  const ranged: Reading[] = [];
  const unmarked = MARKERS.reduce((t, marker) => t.replace(marker, blank), text);
  const rest = unmarked.replace(RANGES, (whole: string, ...args: unknown[]) => {
    const groups = args.slice(0, 16) as (string | undefined)[];
    const index = args[16] as number;
    const ends = groups[2] !== undefined
      ? rangeEnds(endOf(groups.slice(0, 4)), endOf(groups.slice(4, 8)))
      : rangeEnds(endOf(groups.slice(8, 12)), endOf(groups.slice(12, 16)));
    if (ends === null) return whole;
    ranged.push(...ends.map((figure) => ({ index, figure })));
    return blank(whole);
  });
  return [...ranged, ...readNumbers(rest)].sort((x, y) => x.index - y.index).map((r) => r.figure);
}
