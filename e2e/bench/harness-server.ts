import { fileURLToPath } from "node:url";
import { build, preview } from "vite";

const CONFIG = fileURLToPath(new URL("./vite.config.ts", import.meta.url));

/** The harness page's path on its server. */
export const HARNESS_PATH = "/e2e/bench/harness/index.html";

/** Builds the harness (the workbench's modules plus a hook to load a long run) and serves it; close() stops it. */
export async function serveHarness(port: number): Promise<{ url: string; close(): Promise<void> }> {
  await build({ configFile: CONFIG, logLevel: "warn" });
  const server = await preview({ configFile: CONFIG, logLevel: "warn", preview: { port, strictPort: true } });
  return { url: `http://127.0.0.1:${port}${HARNESS_PATH}`, close: () => server.close() };
}
