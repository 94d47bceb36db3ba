import { createRequire } from "node:module";
import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";

// Unit and integration tests against real temporary databases. Playwright lives in tests/e2e.
const require = createRequire(import.meta.url);

export default defineConfig({
  plugins: [tsconfigPaths()],
  resolve: {
    // graphql 16 ships CJS (main) and ESM (module) copies. graphql-http, loaded by Node, gets the CJS
    // one; without this alias our code would get the ESM one and `instanceof GraphQLError` would fail
    // between them. The app's server build resolves both through Node, like this.
    alias: [{ find: /^graphql$/, replacement: require.resolve("graphql") }],
  },
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
