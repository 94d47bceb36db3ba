import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { dataDir } from "~db/config";
import { partykitDevArgs } from "./partykit-dev";

// The PartyKit room server the app starts on this machine when no PARTYKIT_HOST is set: by each
// `npm start` / `npm run dev` process (app/server/main.ts), once for all app processes of
// `npm run start:scaled` (app/server/scaled.ts).

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export type RoomServer = {
  child: ChildProcess;
  /** Ends the room server's whole group (partykit starts workerd) and resolves once it is gone. */
  stop(): Promise<void>;
};

export function startRoomServer(options: {
  port: number;
  secret: string;
  /** A private directory for the generated config (DATA_DIR). */
  configDir: string;
  /** Called when the room server exits without stop() (it crashed or was killed). */
  onExit?: (code: number | null) => void;
  /** Where its output goes (default: this process's). */
  output?: (chunk: string) => void;
}): RoomServer {
  // Through a keeper that ends the room server's whole group when this process is gone, however
  // it ended (room-watchdog.mjs): an orphan kept the port from the next start.
  const child = spawn(
    process.execPath,
    [
      path.join(root, "app", "server", "room-watchdog.mjs"),
      String(process.pid),
      path.join(root, "node_modules", ".bin", "partykit"),
      ...partykitDevArgs({ root, port: options.port, secret: options.secret, configDir: options.configDir }),
    ],
    {
      cwd: root,
      stdio: ["ignore", options.output ? "pipe" : "inherit", options.output ? "pipe" : "inherit"],
      detached: true,
    },
  );
  child.stdout?.on("data", (chunk: Buffer) => options.output?.(chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => options.output?.(chunk.toString()));
  let stopping = false;
  child.on("exit", (code) => {
    if (!stopping) options.onExit?.(code);
  });
  const killGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal); // the whole group: partykit starts workerd
    } catch {
      /* already gone */
    }
  };
  return {
    child,
    stop() {
      stopping = true;
      if (!child.pid || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
      return new Promise((resolve) => {
        killGroup("SIGTERM");
        // workerd sometimes ignores SIGTERM; make sure nothing keeps the port.
        const force = setTimeout(() => {
          killGroup("SIGKILL");
          resolve();
        }, 3000);
        child.once("exit", () => {
          killGroup("SIGKILL");
          clearTimeout(force);
          resolve();
        });
      });
    },
  };
}

/**
 * The app's own room server on `port`, its config in DATA_DIR: a crash while the app is not
 * `stopping()` is said in the log (live updates are gone until the next start).
 */
export function startAppRoomServer(port: number, secret: string, stopping: () => boolean): RoomServer {
  return startRoomServer({
    port,
    secret,
    configDir: dataDir(),
    onExit: (code) => {
      if (!stopping())
        console.error(`[partykit] exited with code ${code}; live updates are unavailable until restart.`);
    },
  });
}
