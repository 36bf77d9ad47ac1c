// Why a model request never got a response. In the browser a dead port, a CORS refusal and a CSP
// block all reject fetch with the same TypeError, recorded as `model_network_error`. That code stays
// the run's record (the outcome contract does not grow); this is what the analyst is told beside it,
// with the fix for each. The probe that tells them apart touches the DOM, so it is injected
// (StoreDeps.probeNetworkFailure); the words live here, once, for the form and the run alike.
import { endpoint, headersFor, type HttpSettings } from "../../candidates/http/settings.ts";

/**
 * - `no_server`: nothing answered at that address (connection refused, unreachable, or no reply in time).
 * - `cors`: a server answered, but the browser withheld its reply from this page (origin not allowed).
 * - `csp`: the page's own Content-Security-Policy stopped the request before it left.
 * - `dropped`: the server answers this page, yet this request's connection failed (reset, dropped).
 */
export type NetworkFailureKind = "no_server" | "cors" | "csp" | "dropped";

/** What the probe is given: the URL to try and the headers the real request carried (they decide the CORS preflight). */
export interface NetworkProbeRequest {
  url: string;
  headers: Record<string, string>;
}

export type NetworkProbe = (request: NetworkProbeRequest) => Promise<NetworkFailureKind>;

export interface NetworkDiagnosis {
  kind: NetworkFailureKind;
  /** The base URL as the analyst entered it. */
  baseUrl: string;
  /** What happened, in words. */
  summary: string;
  /** What fixes it. */
  fix: string;
}

/** The words for each kind. `target` is the server's absolute origin, `pageOrigin` this page's. */
export function describeNetworkFailure(kind: NetworkFailureKind, baseUrl: string, target: string, pageOrigin: string): NetworkDiagnosis {
  const words: Record<NetworkFailureKind, { summary: string; fix: string }> = {
    no_server: {
      summary: `No server answered at ${baseUrl}: nothing is listening there (connection refused or unreachable).`,
      fix: "Start the model server with an explicit --port (llama-server … --port 8080; its default is changing) and check the base URL's host and port.",
    },
    cors: {
      summary: `The server at ${target} answered, but the browser withheld its reply from this page: a CORS refusal (the server does not allow the origin ${pageOrigin}).`,
      fix: `Start llama-server with --cors-origins ${pageOrigin} (one value: a comma-separated list is sent as one header and rejected), or use base URL /llm, the same-origin proxy (FINBOUND_LLM_URL=${target}).`,
    },
    csp: {
      summary: `This page's Content-Security-Policy (connect-src) does not allow ${target}: the browser blocked the request before it left.`,
      fix: `Use base URL /llm, the same-origin proxy (FINBOUND_LLM_URL=${target}), or rebuild the workbench with FINBOUND_CONNECT_SRC="${target}" npm run build (the list replaces the default loopback endpoints).`,
    },
    dropped: {
      summary: `The server at ${target} answers this page, but this request's connection failed (reset or dropped).`,
      fix: "Check the server's log (a crash or an overloaded server drops connections) and run again.",
    },
  };
  return { kind, baseUrl, ...words[kind] };
}

/**
 * Probes why a request to the server in `settings` failed, using the `GET /v1/models` endpoint (cheap
 * on every server) with the headers the real request carried.
 */
export async function diagnoseNetworkFailure(probe: NetworkProbe, settings: Pick<HttpSettings, "baseUrl" | "apiKey">, shownBaseUrl: string, pageOrigin: string): Promise<NetworkDiagnosis> {
  const url = endpoint(settings.baseUrl, "models");
  const kind = await probe({ url, headers: headersFor(settings) });
  return describeNetworkFailure(kind, shownBaseUrl, new URL(url, pageOrigin).origin, pageOrigin);
}
