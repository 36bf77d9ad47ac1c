// XML 1.0 text and attribute values. XML 1.0 cannot carry most C0 controls (ESC, NUL, …), lone
// surrogates or U+FFFE/U+FFFF at all, not even as character references: one such character makes the
// whole document unreadable to every conforming parser. They are written as visible `\u001b` text.

const FORBIDDEN = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;", "\t": "&#9;", "\n": "&#10;", "\r": "&#13;" };

const visible = (c: string): string => `\\u${(c.codePointAt(0) ?? 0).toString(16).padStart(4, "0")}`;

/** Text content: markup characters escaped, forbidden characters made visible; line breaks kept. */
export const xmlText = (s: string): string => s.replace(FORBIDDEN, visible).replace(/[&<>\r]/g, (c) => ENTITIES[c] ?? c);

/** An attribute value: as text, and tabs and line breaks as references, which attribute normalisation would turn into spaces. */
export const xmlAttr = (s: string): string => s.replace(FORBIDDEN, visible).replace(/[&<>"'\t\n\r]/g, (c) => ENTITIES[c] ?? c);
