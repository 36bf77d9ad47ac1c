import react from "@vitejs/plugin-react";
import { defineConfig, type ProxyOptions } from "vite";

// A same-origin path to a local model server, so the page never meets CORS: in the workbench,
// use base URL `/llm`. FINBOUND_LLM_URL picks the server (llama-server's usual port by default).
const llmProxy: Record<string, ProxyOptions> = {
  "/llm": {
    target: process.env.FINBOUND_LLM_URL ?? "http://127.0.0.1:8080",
    changeOrigin: true,
    rewrite: (path) => path.replace(/^\/llm/, ""),
  },
};

export default defineConfig({
  plugins: [react()],
  server: { port: 5173, strictPort: false, host: "127.0.0.1", proxy: llmProxy },
  preview: { port: 4173, host: "127.0.0.1", proxy: llmProxy },
});
