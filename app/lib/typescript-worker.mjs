// Entry of every worker thread started by typescript-worker.server.ts: registers tsx (the server
// itself runs under tsx) so the worker can load the app's TypeScript modules, with
// the `~/` and `~db/` paths of tsconfig.json, then loads the module the worker is for.
import { workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
await import(workerData.entry);
