import cluster, { type Worker } from "node:cluster";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { forgetSettings, settings, SettingsError } from "~settings/settings.server";

// `npm run start:scaled` (after a build; `npm run serve:scaled` without one): on this machine, a
// sqld with namespaces (data in DATA_DIR/sqld, the catalog and one database per organisation), the
// PartyKit room server once, and WEB_CONCURRENCY app processes (app/server/main.ts, default: one a
// core) serving PORT together through node:cluster, all on that sqld. The catalog is migrated and
// the demo organisation seeded here, once, before the app processes start; an app process or sqld
// that dies is started again. Ctrl-C (or SIGTERM) stops the app processes, then the room, then sqld.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

if (cluster.isWorker) {
  await import("./main");
} else {
  await primary();
}

async function primary(): Promise<void> {
  let config = readSettings();
  if (!fs.existsSync(path.join(root, "build", "server", "index.js"))) {
    console.error("Cannot start: there is no build. Run `npm run start:scaled` (it builds first) or `npm run build`.");
    process.exit(1);
  }
  const { dataDir } = await import("~db/config");
  const { startSqldProcess } = await import("./sqld");
  const { SQLD_HTTP_PORT: httpPort, SQLD_ADMIN_PORT: adminPort } = config;
  const sqldLog = path.join(dataDir(), "sqld.log");
  const startSqld = () =>
    startSqldProcess({ dataDir: path.join(dataDir(), "sqld"), httpPort, adminPort, logFile: sqldLog });
  let sqld = await startSqld().catch((error: Error) => {
    console.error(`Cannot start sqld: ${error.message}`);
    process.exit(1);
  });
  console.log(`[sqld] namespaces on http://*.localhost:${httpPort}, admin API on ${sqld.adminUrl} (log: ${sqldLog})`);

  // Every process, this one included, on that sqld.
  for (const name of ["TENANT_DATABASE_URL", "CATALOG_DATABASE_URL", "TENANT_DATABASE_ADMIN_URL"] as const)
    if (process.env[name]) console.log(`[scaled] ${name} is set; this sqld is used instead.`);
  const databases = {
    TENANT_DATABASE_URL: `http://{tenant}.localhost:${httpPort}`,
    CATALOG_DATABASE_URL: `http://catalog.localhost:${httpPort}`,
    TENANT_DATABASE_ADMIN_URL: sqld.adminUrl,
  };
  Object.assign(process.env, databases);
  forgetSettings();
  config = readSettings();

  let shuttingDown = false;
  const workers = new Set<Worker>();
  let room: { stop(): Promise<void> } | null = null;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    console.log(`\n${signal} received, stopping ${workers.size} app process(es), the room server and sqld.`);
    await Promise.all(
      [...workers].map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (worker.isDead()) return resolve();
            worker.once("exit", () => resolve());
            worker.process.kill("SIGTERM");
            setTimeout(() => {
              worker.process.kill("SIGKILL");
              resolve();
            }, 10_000).unref();
          }),
      ),
    );
    await room?.stop();
    await sqld.stop();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  // sqld that ends is started again on its data; meanwhile the app processes answer 503 with
  // Retry-After (database_unavailable) and the browsers keep what they could not send. A sqld that
  // keeps ending (five times in a minute) stops everything.
  const sqldStarts: number[] = [];
  const watchSqld = (current: typeof sqld) => {
    void current.exited.then(async (code) => {
      if (shuttingDown) return;
      const now = Date.now();
      sqldStarts.push(now);
      while (sqldStarts[0]! < now - 60_000) sqldStarts.shift();
      if (sqldStarts.length > 5) {
        console.error(`[sqld] keeps exiting (code ${code}); stopping (see ${sqldLog}).`);
        return void shutdown("sqld exits");
      }
      console.error(`[sqld] exited with code ${code}; starting it again (see ${sqldLog}).`);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      if (shuttingDown) return;
      try {
        sqld = await startSqld();
        console.log(`[sqld] serving again on http://*.localhost:${httpPort}.`);
        watchSqld(sqld);
      } catch (error) {
        console.error(`[sqld] cannot start again: ${(error as Error).message}; stopping.`);
        void shutdown("sqld exit");
      }
    });
  };
  watchSqld(sqld);

  // Once, before any app process: the catalog's namespace and migrations, and the demo organisation.
  const { bootstrap } = await import("./bootstrap");
  const { closeCatalog } = await import("~db/catalog/client");
  const { closeTenantDbs } = await import("~db/tenant/client");
  const { tenants, demoCreated } = await bootstrap();
  await closeTenantDbs();
  await closeCatalog();
  console.log(`[scaled] catalog ready: ${tenants.length} organisation(s)${demoCreated ? " (demo created)" : ""}.`);

  // One room server for every app process: they publish to it and sign with the same secret.
  const roomEnv: Record<string, string> = {};
  if (!config.PARTYKIT_HOST && !config.PARTYKIT_DISABLED) {
    const { realtimeSecret } = await import("~/modules/realtime/index.server");
    const { startAppRoomServer } = await import("./room-server");
    const secret = realtimeSecret();
    room = startAppRoomServer(config.PARTYKIT_PORT, secret, () => shuttingDown);
    roomEnv.PARTYKIT_HOST = `127.0.0.1:${config.PARTYKIT_PORT}`;
    roomEnv.REALTIME_SECRET = secret;
  }

  const count = config.WEB_CONCURRENCY ?? os.availableParallelism();
  const workerEnv = { ...databases, ...roomEnv, SEED_DEMO: "false" };
  const starts: number[] = [];
  const fork = () => {
    const worker = cluster.fork(workerEnv);
    workers.add(worker);
    worker.once("exit", (code, signal) => {
      workers.delete(worker);
      if (shuttingDown) return;
      // A process that keeps dying at start would be started again forever: give up after five in a minute.
      const now = Date.now();
      starts.push(now);
      while (starts[0]! < now - 60_000) starts.shift();
      if (starts.length > 5) {
        console.error("[scaled] app processes keep exiting; stopping.");
        void shutdown("repeated exits");
        return;
      }
      console.error(`[scaled] app process ${worker.process.pid} exited (${signal ?? code}); starting another.`);
      setTimeout(() => {
        if (!shuttingDown) fork();
      }, 1_000);
    });
  };
  console.log(`[scaled] starting ${count} app process(es) on port ${config.PORT}.`);
  for (let i = 0; i < count; i++) fork();
}

function readSettings() {
  try {
    return settings();
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error;
    console.error(`Cannot start:\n${error.message}`);
    process.exit(1);
  }
}
