import { settingsSchema, type Settings } from "./schema.server";

// Beside app/ and db/, not inside either: db/ imports nothing from app/ and app/lib no module, yet
// all of them read settings. `.server` keeps the schema out of browser bundles.

export type { Settings } from "./schema.server";

/** A bad value, named: `PORT: expected a whole number from 1 to 65535, got "abc"`, one line per variable. */
export class SettingsError extends Error {}

/** Parses the environment into frozen, typed settings; throws a SettingsError naming every bad variable. */
export function loadSettings(env: Record<string, string | undefined>): Settings {
  const parsed = settingsSchema.safeParse(env);
  if (parsed.success) return Object.freeze(parsed.data);
  const lines = parsed.error.issues.map((issue) => {
    const name = String(issue.path[0]);
    return `${name}: ${issue.message}, got "${env[name]}"`;
  });
  throw new SettingsError(lines.join("\n"));
}

let current: Settings | null = null;

/** The process's settings: read from process.env on first use (the server does so at start-up), then kept. */
export function settings(): Settings {
  current ??= loadSettings(process.env);
  return current;
}

/** Reads process.env again on the next use; the unit tests' setup calls it whenever a test changes process.env. */
export function forgetSettings(): void {
  current = null;
}
