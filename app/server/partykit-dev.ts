import fs from "node:fs";
import path from "node:path";

// `partykit dev` gets the room's secret from a config file only its owner can read, not from
// `--var REALTIME_SECRET=…`: arguments are visible to every user of the machine in `ps`.

export type PartykitDevOptions = {
  /** The project root (where partykit.json and party/ are). */
  root: string;
  port: number;
  secret: string;
  /** Where to write the generated config (a private directory such as DATA_DIR). */
  configDir: string;
};

/** Writes the private config (mode 0600) and returns the arguments for `partykit dev`. */
export function partykitDevArgs({ root, port, secret, configDir }: PartykitDevOptions): string[] {
  const base = JSON.parse(fs.readFileSync(path.join(root, "partykit.json"), "utf8")) as Record<string, unknown>;
  const config = {
    ...base,
    // partykit resolves a relative `main` against the config's directory; this one lives elsewhere.
    main: path.resolve(root, String(base.main)),
    vars: { ...((base.vars as Record<string, unknown>) ?? {}), REALTIME_SECRET: secret },
  };
  fs.mkdirSync(configDir, { recursive: true });
  const file = path.join(configDir, `.partykit-${port}.json`);
  // Remove first so mode 0600 applies even when an older file was created with other rights.
  fs.rmSync(file, { force: true });
  fs.writeFileSync(file, JSON.stringify(config, null, 2), { mode: 0o600 });
  return ["dev", "--config", file, "--port", String(port), "--disable-request-cf-fetch", "--no-hotkeys"];
}
