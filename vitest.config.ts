import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";

// Unit and integration tests against real temporary databases. Playwright lives in tests/e2e.
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: ["tests/unit/**/*.test.ts"],
    environment: "node",
    setupFiles: ["tests/unit/setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 90_000,
    pool: "forks",
    fileParallelism: true,
    maxWorkers: 2,
  },
});
