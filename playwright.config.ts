import { defineConfig } from "@playwright/test";

/**
 * End-to-end checks of the workbench in Debian's Chromium (Playwright cannot download its own
 * browsers here). The production bundle is built and served by `vite preview` on port 4173.
 * FINBOUND_E2E_PORT and FINBOUND_E2E_SIM_PORT move both servers, so that two checkouts (git
 * worktrees) can run their suites side by side without one testing the other's build.
 */
const APP_PORT = Number(process.env.FINBOUND_E2E_PORT ?? 4173);
const SIM_PORT = Number(process.env.FINBOUND_E2E_SIM_PORT ?? 8791);

export default defineConfig({
  testDir: "e2e",
  outputDir: "e2e/artifacts/test-results",
  reporter: "list",
  workers: 1,
  retries: 0,
  timeout: 30_000,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  use: {
    baseURL: `http://127.0.0.1:${APP_PORT}`,
    viewport: { width: 1440, height: 900 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    },
  },
  projects: [
    { name: "chromium", use: { browserName: "chromium" } },
  ],
  webServer: [
    {
      // A simulated OpenAI-compatible server on loopback: the "local model" the page reaches through /llm.
      command: `npx tsx src/mocks/sim-server.ts --port ${SIM_PORT} --scale 0.05`,
      url: `http://127.0.0.1:${SIM_PORT}/v1/models`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
    {
      command: `npm run build && npx vite preview --port ${APP_PORT} --strictPort --host 127.0.0.1`,
      url: `http://127.0.0.1:${APP_PORT}`,
      env: { FINBOUND_LLM_URL: `http://127.0.0.1:${SIM_PORT}` },
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
    },
  ],
});
