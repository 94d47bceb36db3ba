/**
 * What the benchmarks share: the production server started and waited for, percentiles, the raw
 * insert baseline and an organisation with its manager's module context. The app's modules are
 * imported when called, after the benchmark has set DATA_DIR.
 */
import { spawn, type StdioOptions } from "node:child_process";
import path from "node:path";
import { createClient, type Client } from "@libsql/client";
import { openClient } from "~db/connection";
import type { Sqld } from "../support/sqld";

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The value at index ⌊p % of n⌋ of the sorted values (NaN for none). */
export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

/** The nearest-rank percentile: the smallest value with at least p % of the values at or below it (NaN for none). */
export const nearestRankPercentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

/**
 * The production server from build/ (Node itself with tsx's loader, not the tsx wrapper, so its pid
 * is the server's) on `port`, with `env` added; its stderr goes to the benchmark's.
 */
export function startServer(port: number, env: Record<string, string>, stdout: "ignore" | "pipe" = "ignore") {
  const stdio: StdioOptions = ["ignore", stdout, "inherit"];
  return spawn(process.execPath, ["--import", "tsx", "app/server/main.ts"], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), POSTMARK_SERVER_TOKEN: "", ...env },
    stdio,
  });
}

/** Waits (up to two minutes) until the app at `base` answers its home page and the room on `partyPort` answers at all. */
export async function waitForServer(base: string, partyPort: number): Promise<void> {
  for (let tries = 0; ; tries++) {
    const app = await fetch(`${base}/`).then(
      (r) => r.ok,
      () => false,
    );
    const room = await fetch(`http://127.0.0.1:${partyPort}/`).then(
      () => true,
      () => false,
    );
    if (app && room) return;
    if (tries > 1200) throw new Error("the server did not start");
    await sleep(100);
  }
}

export type Step = { index: number; type: string; options: string[] };

/** An answer of the step's type, different for each `n` (what the benchmarks' participants send). */
export function answerFor(step: Step, n: number): Record<string, unknown> {
  switch (step.type) {
    case "MULTIPLE_CHOICE":
      return { textlistValue: [step.options[n % step.options.length]!] };
    case "NUMERIC":
      return { numericValue: n };
    case "TEXT":
      return { textValue: `answer ${n}` };
    case "HOTZONE":
      return { numericlistValue: [(n % 100) / 100, 0.5] };
    default:
      return { booleanValue: n % 2 === 0 };
  }
}

/**
 * Raw single-row inserts, one transaction each, into a fresh WAL file database in `dir`: the write
 * ceiling. With `sqld`, into a fresh namespace of that server instead, over HTTP as the app reaches it.
 */
export async function rawInsertRate(dir: string, seconds = 3, sqld?: Sqld): Promise<number> {
  let client: Client;
  if (sqld) {
    const created = await fetch(`${sqld.adminUrl}/v1/namespaces/raw-inserts/create`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    if (!created.ok) throw new Error(`sqld refused the namespace: ${created.status} ${await created.text()}`);
    client = await openClient(sqld.tenantUrlTemplate.replace("{tenant}", "raw-inserts"));
  } else {
    client = createClient({ url: `file:${path.join(dir, "raw.db")}` });
    await client.execute("PRAGMA journal_mode = WAL");
  }
  await client.execute("CREATE TABLE t (id TEXT PRIMARY KEY, name TEXT, created_at INTEGER)");
  const started = performance.now();
  let n = 0;
  while (performance.now() - started < seconds * 1000) {
    // A one-statement batch is one write transaction (BEGIN IMMEDIATE … COMMIT) on the same connection.
    await client.batch(
      [{ sql: "INSERT INTO t VALUES (?, ?, ?)", args: [`row-${n}`, `Row ${n}`, Date.now()] }],
      "write",
    );
    n++;
  }
  const rate = n / ((performance.now() - started) / 1000);
  client.close();
  return rate;
}

/** A new organisation (catalog migrated first) and a module context for its manager. */
export async function benchOrganization(slug: string, name: string) {
  const { migrateCatalog } = await import("~db/migrate");
  const { createTenant, openTenant } = await import("~/modules/tenants/tenants.server");
  const { permissionsForRoles } = await import("~/lib/permissions");
  const { staffUsers } = await import("~db/tenant/schema");

  await migrateCatalog();
  const tenant = await createTenant({ slug, name, adminEmail: `boss@${slug}.test` });
  const tdb = await openTenant(tenant);
  const boss = (await tdb.db.select().from(staffUsers).get())!;
  const ctx = {
    tenant,
    tdb,
    actor: {
      type: "ADMIN" as const,
      userId: boss.id,
      email: boss.email,
      name: boss.name,
      roles: ["ORGANIZATION_MANAGER" as const],
    },
    permissions: permissionsForRoles(["ORGANIZATION_MANAGER"]),
    locale: "en-us" as const,
    t: ((key: string) => key) as never, // translations load through Vite; messages are not read here
    clientAddress: "127.0.0.1",
  };
  return { tenant, tdb, boss, ctx };
}
