import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

// `npm run test:e2e [-- playwright args]`: find a Chromium, build the app, start from an empty
// DATA_DIR and run Playwright (playwright.config.ts starts the built server).
//   PLAYWRIGHT_CHROMIUM_EXECUTABLE  the browser (default: Debian's /usr/bin/chromium)
//   SKIP_BUILD=1                    use the existing build/
//   E2E_PORT                        the app's port (default 3210)

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
process.chdir(root);

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): number {
  const result = spawnSync(command, args, { stdio: "inherit", env });
  if (result.error) {
    console.error(`Could not run ${command}: ${result.error.message}`);
    return 1;
  }
  return result.status ?? 1;
}

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

function findChromium(): string | null {
  const fromEnv = process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE;
  if (fromEnv) {
    if (isExecutable(fromEnv)) return fromEnv;
    console.error(`PLAYWRIGHT_CHROMIUM_EXECUTABLE=${fromEnv} is not an executable file.`);
    process.exit(1);
  }
  return isExecutable("/usr/bin/chromium") ? "/usr/bin/chromium" : null;
}

let chromium = findChromium();
if (!chromium && process.getuid?.() === 0 && isExecutable("/usr/bin/apt-get")) {
  console.log("No Chromium found: installing Debian's chromium (apt-get update && apt-get install -y chromium) ...");
  const aptEnv = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  if (run("apt-get", ["update"], aptEnv) === 0 && run("apt-get", ["install", "-y", "chromium"], aptEnv) === 0)
    chromium = findChromium();
}
if (!chromium) {
  console.error(
    [
      "No Chromium for the end-to-end tests (Playwright cannot download its own browsers here).",
      "Install Debian's package as root:   apt-get update && apt-get install -y chromium",
      "or point at a Chromium/Chrome binary: PLAYWRIGHT_CHROMIUM_EXECUTABLE=/path/to/chrome npm run test:e2e",
    ].join("\n"),
  );
  process.exit(1);
}

if (process.env.SKIP_BUILD !== "1") {
  const status = run("npm", ["run", "build"]);
  if (status !== 0) process.exit(status);
} else if (!fs.existsSync("build/server/index.js")) {
  console.error("SKIP_BUILD=1 but there is no build/server/index.js: run `npm run build` first.");
  process.exit(1);
}

// A clean data area: playwright.config.ts creates this run's fresh DATA_DIR below it.
const dataRoot = path.resolve("tests/.tmp/e2e-data");
fs.rmSync(dataRoot, { recursive: true, force: true });
fs.mkdirSync(dataRoot, { recursive: true });

const env: NodeJS.ProcessEnv = { ...process.env, PLAYWRIGHT_CHROMIUM_EXECUTABLE: chromium };
delete env.E2E_DATA_DIR; // let the config make a fresh one
process.exit(run(path.resolve("node_modules/.bin/playwright"), ["test", ...process.argv.slice(2)], env));
