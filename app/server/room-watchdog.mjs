// The live-room server's keeper: `node room-watchdog.mjs <app pid> <command> [args…]`. Started by
// app/server/main.ts as the leader of a process group of its own; it starts the room server
// (partykit, which starts workerd) in that group and ends the whole group as soon as the app is
// gone, however the app ended (a `kill -9` included). Without it an orphaned room server kept its
// port, and the app started again could not start its own.
import { spawn } from "node:child_process";

const [appPid, command, ...args] = process.argv.slice(2);
const room = spawn(command, args, { stdio: "inherit" });

let ending = false;
function endGroup(code) {
  if (ending) return;
  ending = true;
  try {
    process.kill(-process.pid, "SIGTERM");
  } catch {
    /* already gone */
  }
  // workerd sometimes ignores SIGTERM: nothing may keep the port.
  setTimeout(() => {
    try {
      process.kill(-process.pid, "SIGKILL");
    } catch {
      /* gone */
    }
    process.exit(code);
  }, 2000).unref();
}

// The app is this process's parent: once it is gone this process is handed to another parent
// (init or a subreaper). Asking for the app's pid alone is not enough: a killed app nobody reaped
// yet (a zombie) still answers to it.
const appAlive = () => {
  if (process.ppid !== Number(appPid)) return false;
  try {
    process.kill(Number(appPid), 0);
    return true;
  } catch {
    return false;
  }
};
setInterval(() => {
  if (!appAlive()) endGroup(0);
}, 500);

room.on("exit", (code) => endGroup(code ?? 1));
process.on("SIGTERM", () => endGroup(0));
process.on("SIGINT", () => endGroup(0));
