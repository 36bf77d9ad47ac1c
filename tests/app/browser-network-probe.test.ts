import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createBrowserNetworkProbe } from "../../src/app/browser-network-probe.ts";

// The probe's decisions, with the browser's fetch replaced by one that behaves as Chromium does for
// each kind of server: a dead port rejects every request, a server without CORS headers answers a
// no-cors request (opaque) and rejects a cors one, a healthy server answers both.
type Server = "dead" | "no-cors-headers" | "healthy";

function browserFetch(server: Server) {
  return vi.fn(async (_url: string, init: RequestInit) => {
    if (server === "dead") throw new TypeError("Failed to fetch");
    if (server === "no-cors-headers" && init.mode !== "no-cors") throw new TypeError("Failed to fetch");
    return new Response(null, { status: 200 });
  });
}

const HEADERS = { "content-type": "application/json", authorization: "Bearer k" };

beforeEach(() => {
  document.head.innerHTML = `<meta http-equiv="Content-Security-Policy" content="default-src 'self'; connect-src 'self' http://127.0.0.1:8080 http://localhost:11434">`;
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.head.innerHTML = "";
});

describe("the browser's network probe", () => {
  it("a URL the page's connect-src does not allow is a CSP block, and no probe request is sent", async () => {
    const fetch = browserFetch("healthy");
    vi.stubGlobal("fetch", fetch);
    expect(await createBrowserNetworkProbe()({ url: "http://127.0.0.1:9999/v1/models", headers: HEADERS })).toBe("csp");
    expect(fetch).not.toHaveBeenCalled();
  });

  it("a CSP violation the page heard (a policy sent as a header) marks that origin as blocked", async () => {
    document.head.innerHTML = "";
    vi.stubGlobal("fetch", browserFetch("healthy"));
    const probe = createBrowserNetworkProbe();
    const violation = Object.assign(new Event("securitypolicyviolation"), { effectiveDirective: "connect-src", blockedURI: "http://127.0.0.1:8080/v1/chat/completions" });
    document.dispatchEvent(violation);
    expect(await probe({ url: "http://127.0.0.1:8080/v1/models", headers: HEADERS })).toBe("csp");
    expect(await probe({ url: "http://localhost:11434/v1/models", headers: HEADERS })).toBe("dropped");
  });

  it("nothing answering even an opaque request means no server", async () => {
    vi.stubGlobal("fetch", browserFetch("dead"));
    expect(await createBrowserNetworkProbe()({ url: "http://127.0.0.1:8080/v1/models", headers: HEADERS })).toBe("no_server");
  });

  it("an opaque answer but a refused readable request is CORS; the readable probe carries the real request's headers", async () => {
    const fetch = browserFetch("no-cors-headers");
    vi.stubGlobal("fetch", fetch);
    expect(await createBrowserNetworkProbe()({ url: "http://127.0.0.1:8080/v1/models", headers: HEADERS })).toBe("cors");
    expect(fetch.mock.calls.map(([, init]) => init.mode)).toEqual(["no-cors", "cors"]);
    expect(fetch.mock.calls[1]?.[1].headers).toEqual(HEADERS);
  });

  it("a server that lets this page read it did not refuse by CORS: the request's connection dropped", async () => {
    vi.stubGlobal("fetch", browserFetch("healthy"));
    expect(await createBrowserNetworkProbe()({ url: "http://localhost:11434/v1/models", headers: HEADERS })).toBe("dropped");
  });

  it("the page's own origin never meets CORS: an answering same-origin server means a dropped connection", async () => {
    const fetch = browserFetch("no-cors-headers");
    vi.stubGlobal("fetch", fetch);
    expect(await createBrowserNetworkProbe()({ url: "/sim/v1/models", headers: HEADERS })).toBe("dropped");
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
