import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin, type ProxyOptions } from "vite";

// A same-origin path to a local model server, so the page never meets CORS: in the workbench,
// use base URL `/llm`. FINBOUND_LLM_URL picks the server (llama-server's usual port by default).
const llmProxy: Record<string, ProxyOptions> = {
  "/llm": {
    target: process.env.FINBOUND_LLM_URL ?? "http://127.0.0.1:8080",
    changeOrigin: true,
    rewrite: (path) => path.replace(/^\/llm/, ""),
  },
};

// The built app's Content-Security-Policy: no inline script, no eval; the page may connect only to
// its own origin (which includes the /llm proxy and the simulated model at /sim) and to the model
// endpoints named in FINBOUND_CONNECT_SRC (default: llama.cpp, Ollama, vLLM and LM Studio on loopback,
// and npm run mcp's live stream on the port its documentation uses, for Watch an agent).
const MODEL_ENDPOINTS = process.env.FINBOUND_CONNECT_SRC ?? ["8080", "11434", "8000", "1234", "8765"].flatMap((p) => [`http://127.0.0.1:${p}`, `http://localhost:${p}`]).join(" ");
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  `connect-src 'self' ${MODEL_ENDPOINTS}`,
  "worker-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join("; ");

/** V8's explicit compile hint (Chrome 136 and later): compile every function in this file as it loads. */
export const COMPILE_ALL_HINT = "//# allFunctionsCalledOnLoad";
/** The chunk that carries it: the suite view's, loaded once the page is idle. */
export const EAGER_CHUNK = "SuiteView";

/** Adds the policy to index.html in production builds only (the dev server injects inline scripts). */
const contentSecurityPolicy = (): Plugin => ({
  name: "finbound-csp",
  apply: "build",
  transformIndexHtml: () => [{ tag: "meta", attrs: { "http-equiv": "Content-Security-Policy", content: CONTENT_SECURITY_POLICY }, injectTo: "head-prepend" }],
});

export default defineConfig({
  plugins: [react(), contentSecurityPolicy()],
  // A local analyst's tool: the first load (React, zod, the stores, the schemas) is ~190 kB gzipped; the
  // runtime's loop and the scorer load with the first run, the suite's charts and the simulated model on demand.
  build: {
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        // zod and the module that turns its JIT off travel together, in one chunk that every chunk
        // using zod imports: left to itself the bundler may split zod into a chunk that parses
        // before main.tsx has set jitless, and zod's eval probe then breaks the CSP (no eval).
        codeSplitting: { groups: [{ name: "zod", test: /node_modules[\\/]zod[\\/]|src[\\/]app[\\/]zod-jitless\.ts$/, priority: 10 }] },
        // The suite view's chunk (the view, recharts) asks V8 to compile all of its functions as it
        // loads, on a background thread, once the page is idle (App.tsx). Compiled lazily, at their
        // first call, they were compiled in the suite's first drawing after an import, on the main
        // thread, in its dearest tasks (issue 11). V8 reads the comment only at a file's very top, so it
        // is added after minification.
        postBanner: (chunk) => (chunk.name === EAGER_CHUNK ? COMPILE_ALL_HINT : ""),
      },
    },
  },
  server: { port: 5173, strictPort: false, host: "127.0.0.1", proxy: llmProxy },
  preview: { port: 4173, host: "127.0.0.1", proxy: llmProxy },
});
