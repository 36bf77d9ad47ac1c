import { defineConfig } from "vitest/config";

// The pure core is tested in Node with no DOM at all; only UI and store tests get jsdom.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "core",
          environment: "node",
          include: ["tests/{schemas,runtime,scoring,evaluation,candidates,fixtures,cli,mocks,integrity,fuzz,attacks,files,interop,bench}/**/*.test.ts"],
        },
      },
      {
        // Real-clock timing under load: run on its own (npm run test:load), never beside other files.
        test: {
          name: "load",
          environment: "node",
          include: ["tests/load/**/*.test.ts"],
        },
      },
      {
        test: {
          name: "ui",
          environment: "jsdom",
          include: ["tests/{state,ui}/**/*.test.{ts,tsx}"],
        },
      },
    ],
  },
});
