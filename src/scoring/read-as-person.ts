// Text as a person reads it (SPEC §8a): every text check — self-reports, leaks, figures in the
// message — looks at this folded form, so invisible characters, bidi controls, look-alike letters and
// typographic punctuation cannot hide what a reader sees.

// Letters from other scripts that look Latin: a message written with them ("I verіfied", Cyrillic і)
// must read the same to the check as it does to a person.
const LOOK_ALIKES: Record<string, string> = { а: "a", е: "e", о: "o", р: "p", с: "c", у: "y", х: "x", і: "i", ј: "j", ԁ: "d", ѕ: "s", һ: "h", ӏ: "l", ɑ: "a", ο: "o", ν: "v", ι: "i", κ: "k", І: "I", Ι: "I" };

/** Folds `text` to what a person reads: NFKC, invisible characters removed, look-alikes mapped to Latin. */
export const asRead = (text: string): string =>
  text
    .normalize("NFKC")
    .replace(/[\u00ad\u200b-\u200f\u2060-\u2064\ufeff]/g, "")
    .replace(/[^\u0020-\u024f]/g, (c) => LOOK_ALIKES[c] ?? c);
