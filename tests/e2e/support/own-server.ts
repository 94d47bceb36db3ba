import { execFileSync, spawn, type ChildProcess } from "node:child_process";

// A server of a spec's own (own port, room port and DATA_DIR) for the specs that kill it: the
// shared e2e server cannot be killed. Started from the last build, as `npm run serve` does.

export type OwnServer = { port: number; partykitPort: number; baseURL: string };

export function ownServer(offset: number): OwnServer {
  const port = Number(process.env.E2E_PORT ?? 3210) + offset;
  return { port, partykitPort: port + 1, baseURL: `http://localhost:${port}` };
}

export function startServer(own: OwnServer, dataDir: string, log?: (line: string) => void): ChildProcess {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(own.port),
    PARTYKIT_PORT: String(own.partykitPort),
    DATA_DIR: dataDir,
    POSTMARK_SERVER_TOKEN: "",
    PUBLIC_URL: own.baseURL,
  };
  delete env.PARTYKIT_HOST;
  delete env.REALTIME_SECRET;
  // node --import tsx: one process, so SIGKILL hits the server itself (the tsx CLI would leave a child).
  const server = spawn(process.execPath, ["--import", "tsx", "app/server/main.ts"], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout!.on("data", (chunk: Buffer) => log?.(chunk.toString()));
  server.stderr!.on("data", (chunk: Buffer) => log?.(chunk.toString()));
  return server;
}

export async function waitUntilUp(url: string, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      /* not yet */
    }
    if (Date.now() > deadline) throw new Error(`${url} did not come up`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** Resolves once nothing answers at `url` any more (its server is gone), or throws after the timeout. */
export async function waitUntilDown(url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answered = await fetch(url).then(
      () => true,
      () => false,
    );
    if (!answered) return;
    if (Date.now() > deadline) throw new Error(`${url} still answers ${timeoutMs} ms later`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The room server main.ts started (its own process group): the children of the server process. */
export function childrenOf(pid: number): number[] {
  try {
    return execFileSync("pgrep", ["-P", String(pid)], { encoding: "utf8" })
      .split("\n")
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/** SIGKILL of the server and of its room server's group. */
export function killHard(server: ChildProcess) {
  const children = childrenOf(server.pid!);
  server.kill("SIGKILL");
  for (const child of children) {
    try {
      process.kill(-child, "SIGKILL"); // partykit and its workerd
    } catch {
      /* gone */
    }
  }
}

export async function stop(server: ChildProcess | null) {
  if (!server || server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((r) => server.once("exit", r));
  server.kill("SIGTERM");
  await Promise.race([exited, new Promise((r) => setTimeout(r, 8_000))]);
  if (server.exitCode === null && server.signalCode === null) killHard(server);
}
