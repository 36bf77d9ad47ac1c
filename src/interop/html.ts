// HTML built by a tagged template that escapes every value it is given: text from a run (a model's
// reply, a message, a fixture id) can never become markup. Only `Html` values, which this template
// made, are inserted as they are.

export class Html {
  constructor(readonly text: string) {}
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

function render(value: unknown): string {
  if (value instanceof Html) return value.text;
  if (Array.isArray(value)) return value.map(render).join("");
  if (value === null || value === undefined || value === false) return "";
  return escapeHtml(String(value));
}

/** `html\`<td>${text}</td>\``: values are escaped, arrays joined, null/undefined/false left out. */
export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  let out = strings[0] ?? "";
  values.forEach((v, i) => {
    out += render(v) + (strings[i + 1] ?? "");
  });
  return new Html(out);
}

/** Markup written by this module itself (the style sheet): never text from a run. */
export const trusted = (text: string): Html => new Html(text);
