import { createRequire } from "node:module";
import tsconfigPaths from "vite-tsconfig-paths";
import { configDefaults, defineConfig } from "vitest/config";

// Unit and integration tests against real temporary databases. Playwright lives in tests/e2e.
const require = createRequire(import.meta.url);

// The same tests run a second time with every catalog and tenant database on a real libSQL server
// (sqld with namespaces, started once by tests/unit/sqld-global-setup.ts; each test file gets
// databases of its own, see tests/unit/setup.ts): the tenant, migration and live-store tests, and
// two app processes on one server (the second one gets the same settings).
const ON_SQLD = [
  "tests/unit/db/**/*.test.ts",
  "tests/unit/tenants/**/*.test.ts",
  "tests/unit/live/**/*.test.ts",
  "tests/unit/processes/**/*.test.ts",
  "tests/unit/audit/record.test.ts",
];
// Uploads live in the tenant's database when that is a server (app/modules/assets/storage.server.ts).
const UPLOADS = ["tests/unit/assessments/uploads.test.ts", "tests/unit/users/uploads-and-settings.test.ts"];
const FILES_ONLY = [
  // Embedded files only: the template file copied for new tenants, and the files a process holds
  // while it provisions many tenants.
  "tests/unit/db/tenant-template.test.ts",
  "tests/unit/db/tenant-files.test.ts",
  // Two clients on one file: what several app processes on the same DATA_DIR share.
  "tests/unit/db/busy-timeout.test.ts",
  // No tenant database: URL settings, an in-memory client, clocks, tokens and screens' arithmetic.
  "tests/unit/db/config.test.ts",
  "tests/unit/db/libsql-rows.test.ts",
  "tests/unit/live/clock.test.ts",
  "tests/unit/live/extend-minutes.test.ts",
  "tests/unit/live/grid-filter.test.ts",
  "tests/unit/live/live-patch.test.ts",
  "tests/unit/live/realtime.test.ts",
  "tests/unit/live/room-http.test.ts",
  "tests/unit/live/token.test.ts",
  "tests/unit/live/unanswered.test.ts",
];

export default defineConfig({
  plugins: [tsconfigPaths()],
  resolve: {
    // graphql 16 ships CJS (main) and ESM (module) copies. graphql-http, loaded by Node, gets the CJS
    // one; without this alias our code would get the ESM one and `instanceof GraphQLError` would fail
    // between them. The app's server build resolves both through Node, like this.
    alias: [{ find: /^graphql$/, replacement: require.resolve("graphql") }],
  },
  test: {
    environment: "node",
    setupFiles: ["tests/unit/setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 90_000,
    pool: "forks",
    fileParallelism: true,
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: "files",
          include: ["tests/unit/**/*.test.ts"],
          exclude: [...configDefaults.exclude, "tests/unit/**/*.sqld.test.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "sqld",
          include: [...ON_SQLD, ...UPLOADS, "tests/unit/**/*.sqld.test.ts"],
          exclude: [...configDefaults.exclude, ...FILES_ONLY],
          globalSetup: ["tests/unit/sqld-global-setup.ts"],
        },
      },
    ],
  },
});
