// A child's keeper: `node keeper.mjs <parent pid> <command> [args…]` starts the command and ends it
// as soon as the parent is gone, however the parent ended (a `kill -9` included), so a database
// server started by `npm run start:scaled` or by a test never outlives its starter and keeps its
// port. SIGTERM or SIGINT to the keeper is passed on, SIGUSR2 kills the command at once (a crash,
// for fault tests); the keeper exits with the command.
// (room-watchdog.mjs does the same for the room server, whose workerd needs its whole group ended.)
import { spawn } from "node:child_process";

const [parentPid, command, ...args] = process.argv.slice(2);
const child = spawn(command, args, { stdio: "inherit" });

let ending = false;
function end(signal) {
  if (ending) return;
  ending = true;
  child.kill(signal);
  // A child that ignores SIGTERM may not keep its port.
  setTimeout(() => child.kill("SIGKILL"), 10_000).unref();
}

// A parent that was killed but not yet reaped (a zombie) still answers to its pid: compare ppid.
const parentAlive = () => {
  if (process.ppid !== Number(parentPid)) return false;
  try {
    process.kill(Number(parentPid), 0);
    return true;
  } catch {
    return false;
  }
};
const watch = setInterval(() => {
  if (!parentAlive()) end("SIGTERM");
}, 500);

child.on("exit", (code, signal) => {
  clearInterval(watch);
  process.exit(code ?? (signal ? 1 : 0));
});
child.on("error", (error) => {
  console.error(`[keeper] cannot start ${command}: ${error.message}`);
  process.exit(127);
});
process.on("SIGTERM", () => end("SIGTERM"));
process.on("SIGINT", () => end("SIGINT"));
process.on("SIGUSR2", () => end("SIGKILL"));
