import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/**
 * The UI bench harness (e2e/bench/harness/index.html): the workbench's own modules with one hook to
 * load a long run. The root stays the repository's, so the fixtures embed as in the app.
 */
export default defineConfig({
  root: ROOT,
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL("../artifacts/harness-dist/", import.meta.url)),
    emptyOutDir: true,
    chunkSizeWarningLimit: 4000,
    rollupOptions: { input: fileURLToPath(new URL("./harness/index.html", import.meta.url)) },
  },
  server: { host: "127.0.0.1" },
  preview: { host: "127.0.0.1" },
});
