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

/** Every figure in `text` (already folded by `asRead`); blank out dates first (`extractDates`). */
export function extractFigures(text: string): Figure[] {
  const figures: Figure[] = [];
  for (const match of text.matchAll(NUMBER)) {
    for (const { written, index } of numbersIn(match[0], match.index)) {
      const before = text.slice(Math.max(0, index - 40), index);
      const after = text.slice(index + written.length);
      const currency = CURRENCY_BEFORE.exec(before)?.[0] ?? null;
      if (currency === null && IDENTIFIER_BEFORE.test(before)) continue;
      const digits = written.replaceAll(",", "");
      const exponent = AFTER_EXPONENT.exec(after);
      const scale = AFTER_SCALE.exec(after);
      const percent = AFTER_PERCENT.exec(after);
      const step = 10 ** -decimalsOf(digits);
      const prefix = currency ?? "";
      if (exponent) {
        const factor = 10 ** Number(exponent[1]);
        figures.push({ text: `${prefix}${written}${exponent[0]}`, value: Number(digits) * factor, step: step * factor });
      } else if (scale) {
        const factor = SCALES[(scale[1] ?? "").toLowerCase()] ?? 1;
        figures.push({ text: `${prefix}${written}${scale[0]}`, value: Number(digits) * factor, step: step * factor });
      } else if (percent) {
        figures.push({ text: `${written}${percent[0]}`, value: Number(digits) / 100, step: step / 100 });
      } else if (!AFTER_LETTER.test(after) && !AFTER_IDENTIFIER_JOIN.test(after)) {
        figures.push({ text: `${prefix}${written}`, value: Number(digits), step });
      }
    }
  }
  return figures;
}
