import { describe, expect, it } from "vitest";
import { connectAllowed } from "../../src/app/csp-connect-src.ts";
import { CONTENT_SECURITY_POLICY } from "../../vite.config.ts";

const PAGE = "http://127.0.0.1:4173/?fixture=fv-scenario-a";

describe("the built app's own policy (vite.config.ts)", () => {
  it.each([
    ["the /llm proxy", "/llm/v1/models"],
    ["the simulated model", "http://127.0.0.1:4173/sim/v1/chat/completions"],
    ["llama-server's usual port", "http://127.0.0.1:8080/v1/models"],
    ["Ollama by name", "http://localhost:11434/v1/models"],
    ["vLLM", "http://127.0.0.1:8000/v1/chat/completions"],
  ])("allows %s", (_what, url) => {
    expect(connectAllowed(CONTENT_SECURITY_POLICY, url, PAGE)).toBe(true);
  });

  it.each([
    ["a port it does not name", "http://127.0.0.1:9999/v1/models"],
    ["a named port on another host", "http://192.168.1.5:8080/v1/models"],
    ["https on a port named for http", "https://api.example.com/v1/models"],
    ["the page's host on another port", "http://127.0.0.1:4174/"],
  ])("blocks %s", (_what, url) => {
    expect(connectAllowed(CONTENT_SECURITY_POLICY, url, PAGE)).toBe(false);
  });
});

describe("CSP source matching", () => {
  const allowed = (sources: string, url: string, page = "https://bench.example/") => connectAllowed(`default-src 'none'; connect-src ${sources}`, url, page);

  it("a page without connect-src falls back to default-src, and with neither allows everything", () => {
    expect(connectAllowed("default-src 'self'", "https://other.example/", "https://bench.example/")).toBe(false);
    expect(connectAllowed("default-src 'self'", "/v1/models", "https://bench.example/")).toBe(true);
    expect(connectAllowed("script-src 'self'", "https://other.example/", "https://bench.example/")).toBe(true);
  });

  it("'none', nonces and keywords match no URL", () => {
    expect(allowed("'none'", "https://bench.example/")).toBe(false);
    expect(allowed("'unsafe-inline' 'nonce-abc'", "https://bench.example/")).toBe(false);
  });

  it("a wildcard host matches subdomains only; a wildcard port any port", () => {
    expect(allowed("https://*.example.com", "https://api.example.com/v1")).toBe(true);
    expect(allowed("https://*.example.com", "https://example.com/v1")).toBe(false);
    expect(allowed("http://localhost:*", "http://localhost:31337/v1", "http://localhost:5173/")).toBe(true);
  });

  it("a source without a port means the scheme's default port; http upgrades to https, never the reverse", () => {
    expect(allowed("http://models.example", "http://models.example:8080/")).toBe(false);
    expect(allowed("http://models.example", "https://models.example/")).toBe(true);
    expect(allowed("https://models.example", "http://models.example/")).toBe(false);
  });

  it("a scheme source matches every host of that scheme; a host without a scheme takes the page's", () => {
    expect(allowed("https:", "https://anything.example:444/")).toBe(true);
    expect(allowed("https:", "http://anything.example/")).toBe(false);
    expect(allowed("models.example:8080", "http://models.example:8080/", "http://bench.example/")).toBe(true);
    expect(allowed("models.example:8080", "ws://models.example:8080/", "http://bench.example/")).toBe(false);
  });

  it("a path ending in / is a prefix, any other path is exact", () => {
    expect(allowed("https://models.example/v1/", "https://models.example/v1/models")).toBe(true);
    expect(allowed("https://models.example/v1", "https://models.example/v1/models")).toBe(false);
    expect(allowed("https://models.example/v1/models", "https://models.example/v1/models")).toBe(true);
  });

  it("a bracketed IPv6 host matches its address", () => {
    expect(allowed("http://[::1]:8080", "http://[::1]:8080/v1/models")).toBe(true);
    expect(allowed("http://[::1]:8080", "http://127.0.0.1:8080/v1/models")).toBe(false);
  });
});
