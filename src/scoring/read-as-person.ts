// Text as a person reads it (contract §8a): every text check — self-reports, leaks, figures in the
// message — looks at this folded form, so invisible characters, bidi controls, look-alike letters and
// typographic punctuation cannot hide what a reader sees.

// Letters from other scripts that look Latin: a message written with them ("I verіfied", Cyrillic і)
// must read the same to the check as it does to a person. Only shapes that are near-identical in
// common fonts are listed; NFKC already folds full-width and mathematical letters.
const LOOK_ALIKES: Readonly<Record<string, string>> = {
  // Cyrillic
  а: "a", в: "b", е: "e", о: "o", р: "p", с: "c", у: "y", х: "x", і: "i", ј: "j", ԁ: "d", ѕ: "s", һ: "h", ӏ: "l", ԛ: "q", ԝ: "w",
  А: "A", В: "B", Е: "E", К: "K", М: "M", Н: "H", О: "O", Р: "P", С: "C", Т: "T", Х: "X", І: "I", Ј: "J", Ѕ: "S", Ү: "Y", У: "Y", Ԛ: "Q", Ԝ: "W", Ӏ: "I",
  // Greek
  α: "a", ο: "o", ν: "v", ι: "i", κ: "k", ρ: "p", υ: "u", ϲ: "c", ϳ: "j",
  Α: "A", Β: "B", Ε: "E", Ζ: "Z", Η: "H", Ι: "I", Κ: "K", Μ: "M", Ν: "N", Ο: "O", Ρ: "P", Τ: "T", Υ: "Y", Χ: "X", Ϲ: "C",
  // Latin letters without their dot or in another form, Armenian
  ı: "i", ȷ: "j", ɑ: "a", ɡ: "g", ɩ: "i", օ: "o", ս: "u", ո: "n", հ: "h",
};
const LOOK_ALIKE = new RegExp(`[${Object.keys(LOOK_ALIKES).join("")}]`, "gu");

// Typographic punctuation a reader takes for the plain ASCII mark.
const APOSTROPHES = /[\u2018\u2019\u201a\u201b\u2032\u2035\u02b9\u02bb\u02bc\u02bd\u00b4\u2039\u203a]/gu;
const QUOTES = /[\u201c\u201d\u201e\u201f\u2033\u2036\u00ab\u00bb\u275d\u275e\u301d\u301e]/gu;
const DASHES = /[\u2010-\u2015\u2043\u2212\ufe58\ufe63]/gu;

// Terminal escape sequences (colour codes and the like, ECMA-48): a terminal shows none of their
// characters, so "ESC[31mECONNREFUSEDESC[0m" reads as ECONNREFUSED. A control sequence (ESC [ or the one-byte
// CSI, parameters, intermediates, a final byte), an operating-system command that is closed (BEL or ESC \\),
// any other escape with its final byte, and a lone ESC. An unclosed command keeps its text, which stays visible.
// eslint-disable-next-line no-control-regex -- these control characters are what the pattern removes
const TERMINAL_ESCAPES = /(?:\u001b\[|\u009b)[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)|\u001b[ -/]*[0-~]?/gu;

// Digits of every script (Unicode's Nd: Devanagari ३३, Gujarati, Bengali, Tamil, Arabic-Indic, …) read as
// the ASCII digit of the same value. Unicode writes each script's digits as one run from zero to nine,
// so a digit's value is its distance from the start of its run, modulo ten (NFKC has already folded the
// mathematical digits, whose five runs stand back to back). Arabic's own decimal and grouping marks too.
const OTHER_DIGIT = /(?![0-9])\p{Nd}/gu;
const IS_DIGIT = /^\p{Nd}$/u;
function asciiDigit(digit: string): string {
  const at = digit.codePointAt(0) ?? 0;
  let zero = at;
  while (IS_DIGIT.test(String.fromCodePoint(zero - 1))) zero--;
  return String((at - zero) % 10);
}
const ARABIC_SEPARATORS: Readonly<Record<string, string>> = { "\u066b": ".", "\u066c": "," };

const RLO = "\u202e";
const PDF = "\u202c";
const OTHER_EMBEDDINGS = new Set(["\u202a", "\u202b", "\u202d"]);

/**
 * A right-to-left override (U+202E) shows what follows, up to its PDF (U+202C) or the end of the line,
 * in reverse order: "I \u202edeifirev\u202c" is displayed, and read, as "I verified". An embedding
 * nested inside it moves as one piece. Other bidi controls do not reorder Latin text: they are dropped
 * here (and would be removed later anyway). One pass with a stack, so no nesting depth or length can
 * stall or overflow it.
 */
function applyOverrides(line: string): string {
  const shown: string[] = [];
  const open: { reverse: boolean; units: string[] }[] = [];
  const unitsNow = (): string[] => open.at(-1)?.units ?? shown;
  const close = (frame: { reverse: boolean; units: string[] }): void => {
    unitsNow().push((frame.reverse ? frame.units.reverse() : frame.units).join(""));
  };
  for (const c of line) {
    if (c === RLO || OTHER_EMBEDDINGS.has(c)) open.push({ reverse: c === RLO, units: [] });
    else if (c === PDF) {
      const frame = open.pop();
      if (frame) close(frame);
    } else unitsNow().push(c);
  }
  for (let frame = open.pop(); frame; frame = open.pop()) close(frame);
  return shown.join("");
}

/**
 * Folds `text` to what a person reads: terminal escapes removed, bidi overrides applied, NFKC, digits of
 * every script made ASCII, invisible and bidi control
 * characters removed, typographic apostrophes, quotes, dashes and spaces made ASCII, look-alike
 * letters mapped to Latin. Case and every other letter are kept.
 */
export const asRead = (text: string): string =>
  text
    .replace(TERMINAL_ESCAPES, "")
    .split(/(\r\n|[\n\r\u0085\u2028\u2029])/u)
    .map(applyOverrides)
    .join("")
    .normalize("NFKC")
    .replace(OTHER_DIGIT, asciiDigit)
    .replace(/[\u066b\u066c]/gu, (c) => ARABIC_SEPARATORS[c] ?? c)
    .replace(/\p{Default_Ignorable_Code_Point}/gu, "")
    .replace(APOSTROPHES, "'")
    .replace(QUOTES, '"')
    .replace(DASHES, "-")
    .replace(/\p{Zs}/gu, " ")
    .replace(LOOK_ALIKE, (c) => LOOK_ALIKES[c] ?? c);

/** `asRead`, then lower-cased and without accents: for matching words whatever their case. */
export const asReadCaseless = (text: string): string =>
  asRead(text).toLowerCase().normalize("NFD").replace(/\p{Mn}/gu, "").normalize("NFC");
