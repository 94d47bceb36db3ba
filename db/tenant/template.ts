import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { dataDir } from "../config";
import { TENANT_MIGRATIONS } from "./migrations";

// A new organisation's database starts as a copy of an empty, fully migrated template file instead
// of running every migration on a new file (ADR 0019). The template is built once per process and
// migration set; its name carries a hash of the migrations, so a new migration makes a new template.

const hashes = new Map<string, string>();

/** A short hash of the migration set (each migration's timestamp and SQL hash, from the journal). */
export function tenantMigrationsHash(folder: string = TENANT_MIGRATIONS): string {
  let hash = hashes.get(folder);
  if (!hash) {
    const migrations = readMigrationFiles({ migrationsFolder: folder }).map((m) => [m.folderMillis, m.hash]);
    hash = createHash("sha256").update(JSON.stringify(migrations)).digest("hex").slice(0, 16);
    hashes.set(folder, hash);
  }
  return hash;
}

/** Where the template of the current migration set lives: `DATA_DIR/templates/tenant-<hash>.db`. */
export function tenantTemplatePath(hash: string = tenantMigrationsHash()): string {
  return path.join(dataDir(), "templates", `tenant-${hash}.db`);
}

// One build per template path in this process: concurrent callers wait for the same one.
const builds = new Map<string, Promise<string>>();

/** The template file of the current migration set, built now if it does not exist yet. */
export function ensureTenantTemplate(): Promise<string> {
  const file = tenantTemplatePath();
  let build = builds.get(file);
  if (!build) {
    build = fs.existsSync(file) ? Promise.resolve(file) : buildTemplate(file);
    builds.set(file, build);
    build.catch(() => builds.delete(file)); // a failed build is tried again by the next caller
  }
  return build;
}

/**
 * Migrates a temporary file in rollback-journal mode (nothing left in a WAL: the one file is the
 * whole database), then renames it into place: another process (the CLI while the server runs)
 * sees either no template or a complete one. Two processes building at once each rename a
 * complete file of the same migrations.
 */
async function buildTemplate(file: string): Promise<string> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}-${randomBytes(4).toString("hex")}.tmp`;
  const client = createClient({ url: `file:${temporary}` });
  try {
    await client.execute("PRAGMA journal_mode = DELETE");
    await migrate(drizzle(client), { migrationsFolder: TENANT_MIGRATIONS });
  } catch (error) {
    client.close();
    fs.rmSync(temporary, { force: true });
    fs.rmSync(`${temporary}-journal`, { force: true });
    throw error;
  }
  client.close();
  fs.renameSync(temporary, file);
  return file;
}

export type ProvisionedFile = "copied" | "kept" | "remote";

/**
 * Gives an embedded tenant database its first file: a copy of the template. The copy is written
 * under a temporary name and linked into place, so the tenant's file appears complete or not at
 * all, and a file that already exists is never replaced ("kept": it is migrated on open, as
 * before). A database server ("remote") is migrated on first open instead.
 */
export async function provisionTenantFile(url: string): Promise<ProvisionedFile> {
  if (!url.startsWith("file:")) return "remote";
  const target = url.slice("file:".length);
  if (fs.existsSync(target)) return "kept";
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const temporary = `${target}.${process.pid}-${randomBytes(4).toString("hex")}.tmp`;
  await copyTemplate(temporary);
  try {
    fs.linkSync(temporary, target); // fails, never replaces, when the target exists
    return "copied";
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EEXIST") return "kept"; // created meanwhile by another process: theirs stays
    if (code !== "EPERM" && code !== "ENOTSUP" && code !== "EOPNOTSUPP") throw error;
    // A file system without hard links: copy straight to the name, still never over a file.
    fs.copyFileSync(temporary, target, fs.constants.COPYFILE_EXCL);
    return "copied";
  } finally {
    fs.rmSync(temporary, { force: true });
  }
}

/** Copies the template to a new file; a template deleted since it was built is built again. */
async function copyTemplate(destination: string): Promise<void> {
  const build = ensureTenantTemplate();
  try {
    fs.copyFileSync(await build, destination, fs.constants.COPYFILE_EXCL);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    const file = tenantTemplatePath();
    if (builds.get(file) === build) builds.delete(file); // concurrent callers share the rebuild
    fs.copyFileSync(await ensureTenantTemplate(), destination, fs.constants.COPYFILE_EXCL);
  }
}
