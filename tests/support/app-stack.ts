import { randomBytes } from "node:crypto";
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startRoomServer, type RoomServer } from "~/server/room-server";
import { forgetSettings } from "~settings/settings.server";
import { startSqld, type Sqld } from "./sqld";

// Several app processes from the last build on one database, for the specs and benchmarks that run
// the product scaled out (tests/e2e/scale-out.spec.ts, tests/bench/live-bench.ts, http-bench.ts):
// an optional sqld (startSqld), one room server (app/server/room-server.ts) and N app processes
// (app/server/main.ts, as `npm run serve` runs it) on N ports, all with the same REALTIME_SECRET
// and PARTYKIT_HOST. `database: "file"` puts every process on the same embedded files in DATA_DIR.
//
//   const stack = await startStack({ processes: 2, database: "sqld", ports: [3000, 3002], roomPort: 3001 });
//   … stack.apps[1]!.kill("SIGKILL"); await stack.sqld!.restart({ downMs: 10_000 }); …
//   await stack.stop();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export type Database = "file" | "sqld";

export type AppProcess = {
  port: number;
  /** `http://localhost:<port>`: its PUBLIC_URL. */
  url: string;
  /** The app's own process id. */
  readonly pid: number;
  /** Its keeper (app/server/keeper.mjs), which exits with it. */
  child: ChildProcess;
  /** What it printed so far. */
  log(): string;
  alive(): boolean;
  kill(signal: NodeJS.Signals): void;
  /** SIGTERM, and SIGKILL when it has not exited after 8 s. */
  stop(): Promise<void>;
};

export type StackOptions = {
  processes: number;
  database: Database;
  /** One port per app process. */
  ports: number[];
  roomPort: number;
  /** DATA_DIR of every process (uploads, outbox, the embedded files); default: a new temporary one, removed by stop(). */
  dataDir?: string;
  /** Further settings of every app process (SEED_DEMO, HOST, …). */
  env?: Record<string, string>;
  /** Runs after the databases and before the app processes start, with their settings in process.env (seeding). */
  prepare?: () => Promise<void>;
  /** node options of each app process (--cpu-prof …). */
  nodeOptions?: (index: number) => string[];
};

export type Stack = {
  dataDir: string;
  sqld: Sqld | null;
  room: RoomServer;
  roomUrl: string;
  /** What the room server printed so far. */
  roomLog(): string;
  secret: string;
  apps: AppProcess[];
  /** The settings that put a process on this stack's databases and room (for a fixture's child process). */
  env: Record<string, string>;
  /** Starts app process `index` again (after a kill) on its port, and waits until it serves. */
  restartApp(index: number): Promise<AppProcess>;
  stop(): Promise<void>;
};

/** The database settings of `database` for DATA_DIR `dataDir` (the embedded files need none but DATA_DIR). */
function databaseEnv(dataDir: string, sqld: Sqld | null): Record<string, string> {
  return { DATA_DIR: dataDir, ...(sqld ? sqld.env() : {}) };
}

export async function startStack(options: StackOptions): Promise<Stack> {
  if (!fs.existsSync(path.join(root, "build", "server", "index.js")))
    throw new Error("No build/: run `npm run build` first.");
  if (options.ports.length < options.processes) throw new Error(`${options.processes} processes need as many ports`);
  const madeDir = !options.dataDir;
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(path.resolve(root, "tests/.tmp"), "stack-"));
  fs.mkdirSync(dataDir, { recursive: true });
  const sqld = options.database === "sqld" ? await startSqld() : null;
  const secret = randomBytes(32).toString("hex");
  // Read from DATA_DIR by what runs beside the app processes without REALTIME_SECRET (live-fixture.ts).
  fs.writeFileSync(path.join(dataDir, ".realtime-secret"), `${secret}\n`, { mode: 0o600 });
  const env = {
    ...databaseEnv(dataDir, sqld),
    PARTYKIT_HOST: `127.0.0.1:${options.roomPort}`,
  };
  let room: RoomServer | null = null;
  let roomLog = "";
  const apps: AppProcess[] = [];
  const stop = async () => {
    await Promise.all(apps.map((app) => app.stop()));
    await room?.stop();
    await sqld?.stop();
    if (madeDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    if (options.prepare) {
      const saved = { ...process.env };
      Object.assign(process.env, env);
      forgetSettings();
      try {
        await options.prepare();
      } finally {
        for (const name of Object.keys(env)) if (saved[name] === undefined) delete process.env[name];
        Object.assign(process.env, saved);
        forgetSettings();
      }
    }
    room = startRoomServer({
      port: options.roomPort,
      secret,
      configDir: dataDir,
      output: (chunk) => (roomLog += chunk),
    });
    const roomUrl = `http://127.0.0.1:${options.roomPort}/`;
    const start = (index: number) =>
      startAppProcess({
        port: options.ports[index]!,
        env: { ...options.env, ...env, REALTIME_SECRET: secret },
        nodeOptions: options.nodeOptions?.(index) ?? [],
      });
    for (let i = 0; i < options.processes; i++) apps.push(start(i));
    await Promise.all([waitUntilAnswers(roomUrl), ...apps.map((app) => waitUntilServing(app))]);
    return {
      dataDir,
      sqld,
      room,
      roomUrl,
      roomLog: () => roomLog,
      secret,
      apps,
      env,
      async restartApp(index) {
        await apps[index]!.stop();
        apps[index] = start(index);
        await waitUntilServing(apps[index]);
        return apps[index];
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * One app process from the last build, as `npm run serve` runs it (node --import tsx, one process),
 * through app/server/keeper.mjs, which ends it when this process is gone however it ended (a test
 * runner killed mid-run left app processes holding their ports). `kill("SIGKILL")` kills the app
 * itself at once (a crash); its pid is the app's own.
 */
export function startAppProcess({
  port,
  env,
  nodeOptions = [],
}: {
  port: number;
  env: Record<string, string>;
  nodeOptions?: string[];
}): AppProcess {
  const url = `http://localhost:${port}`;
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    PUBLIC_URL: url,
    POSTMARK_SERVER_TOKEN: "",
    ...env,
  };
  const keeper = spawn(
    process.execPath,
    [
      path.join(root, "app", "server", "keeper.mjs"),
      String(process.pid),
      process.execPath,
      ...nodeOptions,
      "--import",
      "tsx",
      "app/server/main.ts",
    ],
    { cwd: root, env: childEnv, stdio: ["ignore", "pipe", "pipe"] },
  );
  let log = "";
  keeper.stdout!.on("data", (chunk: Buffer) => (log += chunk.toString()));
  keeper.stderr!.on("data", (chunk: Buffer) => (log += chunk.toString()));
  const alive = () => keeper.exitCode === null && keeper.signalCode === null;
  let pid: number | null = null;
  return {
    port,
    url,
    get pid() {
      return (pid ??= childOf(keeper.pid!)) ?? keeper.pid!;
    },
    child: keeper,
    log: () => log,
    alive,
    // keeper.mjs passes SIGTERM and SIGINT on, and kills the app at once on SIGUSR2.
    kill: (signal) => void keeper.kill(signal === "SIGKILL" ? "SIGUSR2" : signal),
    async stop() {
      if (!alive()) return;
      const exited = new Promise((resolve) => keeper.once("exit", resolve));
      keeper.kill("SIGTERM");
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 8_000))]);
      if (alive()) {
        keeper.kill("SIGUSR2");
        await exited;
      }
    },
  };
}

/** The first child of `pid` (Linux's /proc), or null. */
function childOf(pid: number): number | null {
  try {
    const first = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/)[0];
    return first ? Number(first) : null;
  } catch {
    return null;
  }
}

/** Resolves once the app process answers its home page; throws with its log when it exits first or after the timeout. */
export async function waitUntilServing(app: AppProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await answers(`http://127.0.0.1:${app.port}/`, (status) => status < 500))) {
    if (!app.alive()) throw new Error(`The app process on port ${app.port} exited:\n${app.log()}`);
    if (Date.now() > deadline) throw new Error(`The app process on port ${app.port} did not start:\n${app.log()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Resolves once something answers at `url`. */
export async function waitUntilAnswers(url: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await answers(url, () => true))) {
    if (Date.now() > deadline) throw new Error(`${url} did not come up`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function answers(url: string, ok: (status: number) => boolean): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
    await response.arrayBuffer();
    return ok(response.status);
  } catch {
    return false;
  }
}
