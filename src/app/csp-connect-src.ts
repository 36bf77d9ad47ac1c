// Whether a Content-Security-Policy lets the page connect to a URL (fetch, XHR, EventSource). The
// browser rejects a blocked fetch with the same TypeError as a dead port or a CORS refusal, so the
// workbench reads the policy itself to tell a CSP block apart. This follows CSP Level 3 source
// matching closely enough for the policies a workbench ships: 'self', schemes, hosts with wildcards,
// ports and paths; nonces, hashes and other keywords never match a URL.

const DEFAULT_PORT: Record<string, string> = { "http:": "80", "https:": "443", "ws:": "80", "wss:": "443" };

/** A scheme in a source may be upgraded to its secure twin (http → https, ws → wss), never the reverse. */
function schemeMatches(sourceScheme: string, urlScheme: string): boolean {
  if (sourceScheme === urlScheme) return true;
  return (sourceScheme === "http:" && urlScheme === "https:") || (sourceScheme === "ws:" && urlScheme === "wss:");
}

const effectivePort = (url: URL): string => url.port || DEFAULT_PORT[url.protocol] || "";

// [scheme://]host[:port][/path]; the host may be `*`, `*.example.com` or a bracketed IPv6 address.
const HOST_SOURCE = /^(?:([a-z][a-z0-9+.-]*):\/\/)?(\*|\[[0-9a-f:.]+\]|(?:\*\.)?[^/:[\]]+)(?::(\*|[0-9]+))?(\/[^?#]*)?$/i;
const SCHEME_SOURCE = /^[a-z][a-z0-9+.-]*:$/i;

function hostSourceMatches(source: string, url: URL, page: URL): boolean {
  const m = HOST_SOURCE.exec(source);
  if (!m) return false;
  const [, scheme, host = "", port, path] = m;
  if (scheme !== undefined ? !schemeMatches(`${scheme.toLowerCase()}:`, url.protocol) : !schemeMatches(page.protocol, url.protocol)) return false;
  const wanted = host.toLowerCase();
  const actual = url.hostname.toLowerCase();
  if (wanted.startsWith("*.") ? !actual.endsWith(wanted.slice(1)) : wanted !== "*" && wanted !== actual) return false;
  if (port === undefined) {
    // No port in the source: the URL must use its scheme's default port (or 80 upgraded to 443).
    const urlPort = effectivePort(url);
    const sourceDefault = DEFAULT_PORT[scheme ? `${scheme.toLowerCase()}:` : url.protocol];
    if (urlPort !== sourceDefault && !(sourceDefault === "80" && urlPort === "443")) return false;
  } else if (port !== "*" && port !== effectivePort(url)) {
    return false;
  }
  if (path === undefined || path === "/") return true;
  const urlPath = decodeURIComponent(url.pathname);
  return path.endsWith("/") ? urlPath.startsWith(path) : urlPath === path;
}

function expressionMatches(expression: string, url: URL, page: URL): boolean {
  const e = expression.toLowerCase();
  if (e === "'self'") return url.origin === page.origin || (page.protocol === "http:" && url.protocol === "https:" && url.host === page.host);
  if (e === "*") return ["http:", "https:", "ws:", "wss:"].includes(url.protocol) || url.protocol === page.protocol;
  if (e.startsWith("'")) return false;
  if (SCHEME_SOURCE.test(e)) return schemeMatches(e, url.protocol);
  return hostSourceMatches(expression, url, page);
}

/** The source list that governs connections in one policy: connect-src, else default-src, else none (all allowed). */
function connectSources(policy: string): string[] | null {
  const directives = new Map<string, string[]>();
  for (const part of policy.split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    // The first occurrence of a directive wins; later duplicates are ignored, as browsers do.
    if (name && !directives.has(name.toLowerCase())) directives.set(name.toLowerCase(), values);
  }
  return directives.get("connect-src") ?? directives.get("default-src") ?? null;
}

/** True when `policy` lets a page at `pageUrl` connect to `url` (a relative URL is read against the page). */
export function connectAllowed(policy: string, url: string, pageUrl: string): boolean {
  const page = new URL(pageUrl);
  const target = new URL(url, page);
  const sources = connectSources(policy);
  if (sources === null) return true;
  return sources.some((s) => expressionMatches(s, target, page));
}
