import fs from "node:fs";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { testTls } from "./tests/support/test-tls";

// End-to-end tests through the real screens, in Debian's Chromium (Playwright cannot download
// browsers here). `npm run test:e2e` (tests/e2e/run.ts) finds the browser and builds the app first;
// this config only starts the built server.

const port = Number(process.env.E2E_PORT ?? 3210);
// E2E_BASE_URL (with E2E_DATA_DIR, that server's DATA_DIR) runs the specs against a server that is
// already running, e.g. `npm run dev`, instead of building and starting one.
const externalServer = process.env.E2E_BASE_URL;
if (externalServer && !process.env.E2E_DATA_DIR)
  throw new Error("E2E_BASE_URL needs E2E_DATA_DIR: the running server's DATA_DIR (the tests read its outbox).");

// A fresh, empty DATA_DIR per run, so the demo tenant is seeded and the outbox starts empty. The
// config is evaluated again in every worker: the runner creates the directory once and the workers
// inherit it through E2E_DATA_DIR (the tests read the outbox from there).
if (!process.env.E2E_DATA_DIR) {
  const parent = path.resolve("tests/.tmp/e2e-data");
  fs.mkdirSync(parent, { recursive: true });
  process.env.E2E_DATA_DIR = fs.mkdtempSync(path.join(parent, "run-"));
}
const dataDir = process.env.E2E_DATA_DIR;
// The test identity provider's certificate (tests/e2e/oidc-sign-in.spec.ts): the server trusts it.
const tls = externalServer ? null : testTls(path.join(dataDir, "test-tls"));

// Every spec must pass alone and in any order. Playwright runs the files of one project in
// alphabetical order, and projects in the order listed: E2E_ORDER=reverse gives each spec file a
// project of its own, listed from Z to A, so the whole suite runs backwards (no dependencies
// between them, so a failing spec does not skip the rest). For a random order pass Playwright's own
// `--shuffle [seed]`.
const chromium = { ...devices["Desktop Chrome"], locale: "en-US" };
const specFiles = fs
  .readdirSync(path.resolve("tests/e2e"))
  .filter((name) => name.endsWith(".spec.ts"))
  .sort();
const projects =
  process.env.E2E_ORDER === "reverse"
    ? specFiles.reverse().map((name) => ({ name: `reverse ${name}`, testMatch: `**/tests/e2e/${name}`, use: chromium }))
    : [{ name: "chromium", use: chromium }];

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.spec.ts",
  workers: 1,
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  reporter: "list",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  outputDir: "tests/.tmp/e2e-results",
  use: {
    baseURL: externalServer ?? `http://localhost:${port}`,
    locale: "en-US",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects,
  webServer: externalServer
    ? undefined
    : {
        command: "NODE_ENV=production node_modules/.bin/tsx app/server/main.ts",
        url: `http://localhost:${port}/`,
        reuseExistingServer: false,
        timeout: 120_000,
        stdout: "pipe",
        stderr: "pipe",
        // SIGTERM lets main.ts stop the PartyKit child (its own process group) before it exits.
        gracefulShutdown: { signal: "SIGTERM", timeout: 6_000 },
        env: {
          NODE_ENV: "production",
          PORT: String(port),
          // Every link in a mail starts with it; requests naming another host are refused.
          PUBLIC_URL: `http://localhost:${port}`,
          DATA_DIR: dataDir,
          PARTYKIT_PORT: process.env.E2E_PARTYKIT_PORT ?? "3299",
          // Mail must land in DATA_DIR/outbox, never at Postmark.
          POSTMARK_SERVER_TOKEN: "",
          NODE_EXTRA_CA_CERTS: tls?.certFile ?? "",
        },
      },
});
