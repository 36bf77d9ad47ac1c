/** Where a text stops being JSON, and why, in words that do not depend on the JavaScript engine. */
export type JsonSyntaxError =
  | { kind: "empty" }
  | { kind: "ends_early" }
  | { kind: "more_than_one_value"; line: number; column: number }
  | { kind: "unexpected"; line: number; column: number; expected: string };

class Stop {
  constructor(
    readonly offset: number,
    readonly expected: string,
  ) {}
}

/** A guard, not a limit: callers have already refused deep nesting (inspectJson) before asking. */
const MAX_NESTING = 10_000;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const ESCAPE = /\\(?:["\\/bfnrt]|u[0-9A-Fa-f]{4})/y;

/**
 * Locates the first syntax error in a text that JSON.parse refused (RFC 8259's grammar). Only
 * called after a refusal, so it decides nothing: it says where and what, as line and column.
 * Returns null if it finds no error (then the caller says only that the text is not JSON).
 */
export function locateJsonError(text: string): JsonSyntaxError | null {
  let i = 0;
  const n = text.length;
  const skipSpace = (): void => {
    while (i < n && (text[i] === " " || text[i] === "\t" || text[i] === "\n" || text[i] === "\r")) i++;
  };
  const expect = (what: string): never => {
    throw new Stop(i, what);
  };
  const string = (): void => {
    i++;
    for (;;) {
      const c = text[i];
      if (c === undefined) expect("a closing quote");
      if (c === '"') return void i++;
      if (c === "\\") {
        ESCAPE.lastIndex = i;
        if (!ESCAPE.test(text)) expect("a valid escape after the backslash");
        i = ESCAPE.lastIndex;
      } else if ((c as string).charCodeAt(0) < 0x20) {
        expect("no control character inside a string");
      } else {
        i++;
      }
    }
  };
  const value = (depth: number): void => {
    if (depth > MAX_NESTING) expect("less nesting");
    skipSpace();
    const c = text[i];
    if (c === "{") {
      i++;
      skipSpace();
      if (text[i] === "}") return void i++;
      for (;;) {
        skipSpace();
        if (text[i] !== '"') expect("a key in double quotes");
        string();
        skipSpace();
        if (text[i] !== ":") expect("':' after the key");
        i++;
        value(depth + 1);
        skipSpace();
        if (text[i] === ",") i++;
        else if (text[i] === "}") return void i++;
        else expect("',' or '}'");
      }
    }
    if (c === "[") {
      i++;
      skipSpace();
      if (text[i] === "]") return void i++;
      for (;;) {
        value(depth + 1);
        skipSpace();
        if (text[i] === ",") i++;
        else if (text[i] === "]") return void i++;
        else expect("',' or ']'");
      }
    }
    if (c === '"') return string();
    for (const literal of ["true", "false", "null"]) if (text.startsWith(literal, i)) return void (i += literal.length);
    NUMBER.lastIndex = i;
    if (NUMBER.test(text)) return void (i = NUMBER.lastIndex);
    expect("a value");
  };
  try {
    skipSpace();
    if (i === n) return { kind: "empty" };
    value(0);
    skipSpace();
    if (i === n) return null;
    return { kind: "more_than_one_value", ...lineAndColumn(text, i) };
  } catch (error) {
    if (!(error instanceof Stop)) throw error;
    if (error.offset >= n) return { kind: "ends_early" };
    return { kind: "unexpected", ...lineAndColumn(text, error.offset), expected: error.expected };
  }
}

/** 1-based line and column (in UTF-16 code units, as editors count them) of an offset. */
function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let j = text.indexOf("\n"); j !== -1 && j < offset; j = text.indexOf("\n", j + 1)) {
    line++;
    start = j + 1;
  }
  return { line, column: offset - start + 1 };
}
