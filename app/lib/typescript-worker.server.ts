import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";

/**
 * The project's root: the nearest folder with a package.json above this module. This module is
 * app/lib/… when run from source (tests, development) and build/server/index.js in the production
 * bundle; the worker entries stay TypeScript under app/ in both cases.
 */
function projectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(dir, "package.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("No package.json above the server's modules.");
    dir = parent;
  }
  return dir;
}

/**
 * A worker thread running one of the app's TypeScript modules (`entry`, relative to the project
 * root, e.g. "app/modules/reports/pdf/pdf-worker.ts"). It does not inherit the parent's Node
 * options: its loader is set up by app/lib/typescript-worker.mjs, the same under tsx and Vitest.
 */
export function startTypeScriptWorker(entry: string): Worker {
  const root = projectRoot();
  return new Worker(path.join(root, "app/lib/typescript-worker.mjs"), {
    execArgv: [],
    workerData: { entry: pathToFileURL(path.join(root, entry)).href },
  });
}
