// The browser's network probe (see network-failure.ts): the only code that reads the page's policy,
// listens for CSP violations and sends probe requests. Injected into the store by app-store.ts.
import { connectAllowed } from "./csp-connect-src.ts";
import type { NetworkFailureKind, NetworkProbe } from "../state/model/network-failure.ts";

/** A dead address refuses at once; this bounds a black-holed one. */
const PROBE_TIMEOUT_MS = 3_000;
/** Enough to cover the few requests of one run or connection test. */
const REMEMBERED_VIOLATIONS = 50;

const originOf = (url: string): string | null => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/** Whether anything answered: any response (opaque included) says yes, a rejection or a timeout no. */
async function answers(url: string, init: RequestInit): Promise<boolean> {
  try {
    await fetch(url, { ...init, method: "GET", cache: "no-store", credentials: "omit", signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    return true;
  } catch {
    return false;
  }
}

export function createBrowserNetworkProbe(): NetworkProbe {
  // A policy delivered in an HTTP header cannot be read from the page; its violations can be heard.
  const blocked: string[] = [];
  document.addEventListener("securitypolicyviolation", (e) => {
    if (!/^(connect|default)-src/.test(e.effectiveDirective)) return;
    const origin = originOf(e.blockedURI);
    if (origin) blocked.push(origin);
    if (blocked.length > REMEMBERED_VIOLATIONS) blocked.shift();
  });
  const policies = (): string[] => [...document.querySelectorAll('meta[http-equiv="Content-Security-Policy" i]')].map((m) => m.getAttribute("content") ?? "");

  return async ({ url, headers }): Promise<NetworkFailureKind> => {
    const target = new URL(url, window.location.href);
    // CSP first: a blocked probe would itself be blocked (and reported as another violation).
    if (blocked.includes(target.origin) || !policies().every((p) => connectAllowed(p, target.href, window.location.href))) return "csp";
    // An opaque response is still a response: something is listening at that address.
    if (!(await answers(target.href, { mode: "no-cors" }))) return "no_server";
    // The same origin never meets CORS; another origin that lets this page read a request carrying
    // the real request's headers (hence the same preflight) does not refuse it either.
    if (target.origin === window.location.origin) return "dropped";
    return (await answers(target.href, { mode: "cors", headers })) ? "dropped" : "cors";
  };
}
