// Text from files and candidates is shown as text, never markup (React escapes it), and characters
// that change how text reads without being seen — bidirectional overrides, zero-width characters,
// other controls — are shown as visible escapes, so "HH-1001" and "HH-1001\u200b" never look alike.
// eslint-disable-next-line no-control-regex, no-misleading-character-class -- matching these characters is the point
const HIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u00ad\u034f\u061c\u115f\u1160\u180e\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060-\u2064\u2066-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff9-\ufffb\u{e0000}-\u{e007f}]/gu;

export const visible = (text: string): string => text.replace(HIDDEN, (c) => `⟨U+${(c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}⟩`);
