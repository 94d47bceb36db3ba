// A second app process for tests/unit/processes/two-processes.test.ts, started with tsx on the
// test's DATA_DIR. It opens the same catalog and tenant databases with pools and kept state of its
// own, as another app process behind a proxy would, and performs the actions it is given
// (other-process-actions.ts), one JSON line each on stdin: {"id", "tenant", "action", "args"}. It
// answers one JSON line each on stdout: {"id", "value"} or {"id", "error"}.
// The modules are loaded through Vite with the Vitest config, as the tests load them: the faces
// load the translations with Vite's import.meta.glob.
import path from "node:path";
import readline from "node:readline";
import { createServer } from "vite";
import type * as TenantClient from "~db/tenant/client";
import type * as CatalogClient from "~db/catalog/client";
import type { Command, perform as Perform } from "./other-process-actions";

const root = path.resolve(import.meta.dirname, "../../..");
const vite = await createServer({
  root,
  configFile: path.join(root, "vitest.config.ts"),
  appType: "custom",
  server: { middlewareMode: true, hmr: false, watch: null },
  logLevel: "error",
});
const { perform } = (await vite.ssrLoadModule("/tests/unit/support/other-process-actions.ts")) as {
  perform: typeof Perform;
};
const closeDatabases = async () => {
  const { closeTenantDbs } = (await vite.ssrLoadModule("/db/tenant/client.ts")) as typeof TenantClient;
  const { closeCatalog } = (await vite.ssrLoadModule("/db/catalog/client.ts")) as typeof CatalogClient;
  await closeTenantDbs();
  await closeCatalog();
};

const lines = readline.createInterface({ input: process.stdin });
// One at a time, in order, like requests answered one after another.
let queue = Promise.resolve();
lines.on("line", (line) => {
  if (!line.trim()) return;
  const command = JSON.parse(line) as Command;
  queue = queue.then(async () => {
    try {
      const value = await perform(command);
      process.stdout.write(`${JSON.stringify({ id: command.id, value: value ?? null })}\n`);
    } catch (error) {
      const e = error as { code?: string; reason?: string; message?: string };
      process.stdout.write(
        `${JSON.stringify({ id: command.id, error: { code: e.code, reason: e.reason, message: e.message } })}\n`,
      );
    }
  });
});
lines.on("close", () => {
  void queue.then(async () => {
    await closeDatabases();
    await vite.close();
    process.exit(0);
  });
});
process.stdout.write(`${JSON.stringify({ ready: true })}\n`);
