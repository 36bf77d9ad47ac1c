import { defineConfig } from "@playwright/test";

/**
 * `npm run bench:ui`: the workbench's UI benchmark in Debian's Chromium. Not part of `npm test`:
 * it prints figures to compare with targets and fails only when something cannot be measured.
 */
export default defineConfig({
  testDir: ".",
  testMatch: "ui.bench.ts",
  outputDir: "../artifacts/bench/test-results",
  reporter: "list",
  workers: 1,
  retries: 0,
  timeout: 30 * 60_000,
  use: {
    viewport: { width: 1440, height: 900 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    },
  },
  projects: [{ name: "chromium", use: { browserName: "chromium" } }],
});
