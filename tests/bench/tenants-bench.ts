/**
 * Many organisations on one node: `npm run bench:tenants` (BENCH_TENANTS, default 10,000).
 *
 * Provisions N organisations (each its own database file, through the real createTenant) in a
 * temporary DATA_DIR, then starts the production server on it (build/ must exist: `npm run build`)
 * and measures: provisioning time per tenant, start-up to the first served request, the first
 * request to a cold tenant and to a warm one (p50/p95 over a sample of tenants, each with a real
 * server-side staff session), and the server's open files and memory at the end.
 *
 * `--smoke` (CI): 200 tenants (100 of them cold) with a pool of 20, and exits non-zero when a request
 * fails or the server's open files grow past what the pool allows. It asserts no timings.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { percentile, root, startServer } from "./bench-support";

const smoke = process.argv.includes("--smoke");
const N = Number(process.env.BENCH_TENANTS ?? (smoke ? 200 : 10_000));
const SAMPLE = Math.min(N, Number(process.env.BENCH_SAMPLE ?? (smoke ? 100 : 200)));
const POOL = Number(process.env.TENANT_DB_MAX_OPEN ?? (smoke ? 20 : 500));
const PORT = Number(process.env.BENCH_PORT ?? 3390);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tenants-bench-"));
process.env.DATA_DIR = dir;
process.env.SEED_DEMO = "false";
process.env.TENANT_DB_MAX_OPEN = String(POOL);
process.env.TENANT_DB_CLOSE_DELAY_MS = "1000";

const ms = (n: number) => `${n.toFixed(1)} ms`;
const procFact = (pid: number, field: string) =>
  Number(fs.readFileSync(`/proc/${pid}/status`, "utf8").match(new RegExp(`^${field}:\\s+(\\d+)`, "m"))?.[1] ?? NaN);
const openFilesOf = (pid: number) => fs.readdirSync(`/proc/${pid}/fd`).length;

async function provision(): Promise<{ cookies: string[]; perTenant: number[] }> {
  const { migrateCatalog } = await import("~db/migrate");
  const { createTenant, openTenant } = await import("~/modules/tenants/tenants.server");
  const { createLoginSession } = await import("~/modules/auth/sessions.server");
  const { closeTenantDbs } = await import("~db/tenant/client");
  const { closeCatalog } = await import("~db/catalog/client");
  const { staffUsers } = await import("~db/tenant/schema");

  await migrateCatalog();
  const perTenant: number[] = [];
  const cookies: string[] = [];
  const every = Math.max(1, Math.floor(N / SAMPLE));
  for (let i = 0; i < N; i++) {
    const started = performance.now();
    const row = await createTenant({ slug: `org-${i}`, name: `Organisation ${i}`, adminEmail: `boss@org-${i}.test` });
    perTenant.push(performance.now() - started);
    if (i % every === 0 && cookies.length < SAMPLE) {
      const tdb = await openTenant(row);
      const boss = await tdb.db.select({ id: staffUsers.id }).from(staffUsers).get();
      const cookie = await createLoginSession(tdb, "ADMIN", boss!.id, false);
      cookies.push(`${cookie.name}=${cookie.value}`);
    }
    if ((i + 1) % 1000 === 0) console.log(`  provisioned ${i + 1} / ${N}`);
  }
  await closeTenantDbs();
  await closeCatalog();
  return { cookies, perTenant };
}

async function timedRequest(cookie: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`http://127.0.0.1:${PORT}/api/admin/graphql`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Cookie: cookie },
    body: JSON.stringify({ query: "{ profile { tenant } }" }),
  });
  const body = (await response.json()) as { data?: { profile?: { tenant?: string } }; errors?: unknown };
  const elapsed = performance.now() - started;
  if (!response.ok || !body.data?.profile?.tenant)
    throw new Error(`request failed: ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
  return elapsed;
}

async function main() {
  if (!fs.existsSync(path.join(root, "build/server/index.js")))
    throw new Error("No build/: run `npm run build` first.");
  console.log(`Provisioning ${N} organisations in ${dir} ...`);
  const provisionStart = performance.now();
  const { cookies, perTenant } = await provision();
  const provisionTotal = performance.now() - provisionStart;

  const startedAt = performance.now();
  const server = startServer(PORT, { PARTYKIT_DISABLED: "true" }, "pipe");
  let log = "";
  server.stdout!.on("data", (chunk) => (log += chunk));
  let failure: string | null = null;
  try {
    let startup = NaN;
    for (let tries = 0; tries < 600; tries++) {
      const ok = await fetch(`http://127.0.0.1:${PORT}/`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) {
        startup = performance.now() - startedAt;
        break;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    if (Number.isNaN(startup)) throw new Error(`server did not start:\n${log}`);
    const pid = server.pid!;
    const baselineFiles = openFilesOf(pid);

    const cold: number[] = [];
    for (const cookie of cookies) cold.push(await timedRequest(cookie));
    // Warm: the most recently used tenants, still in the pool.
    const warmCookies = cookies.slice(-Math.min(cookies.length, POOL));
    const warm: number[] = [];
    for (const cookie of warmCookies) warm.push(await timedRequest(cookie));

    // Evicted databases close once TENANT_DB_CLOSE_DELAY_MS has passed.
    await new Promise((r) => setTimeout(r, Number(process.env.TENANT_DB_CLOSE_DELAY_MS) + 1000));
    const files = openFilesOf(pid);
    const rssMb = procFact(pid, "VmRSS") / 1024;
    // The pool keeps POOL databases open and lets as many wait to close (maxOpenTenantDbs), each with
    // three files; a closed one's files go when V8 collects its statements, which a busy machine may
    // not have done yet. A leak keeps every cold tenant's files: SAMPLE is five times the pool.
    const allowedFiles = baselineFiles + 2 * POOL * 3 + 16;

    console.log("\n| measure | value |\n|---|---:|");
    console.log(`| organisations | ${N} |`);
    console.log(`| provisioning, total | ${(provisionTotal / 1000).toFixed(1)} s |`);
    console.log(
      `| provisioning per tenant p50 / p95 | ${ms(percentile(perTenant, 50))} / ${ms(percentile(perTenant, 95))} |`,
    );
    console.log(`| start-up to first served request | ${ms(startup)} |`);
    console.log(
      `| cold tenant, first request p50 / p95 (${cold.length} tenants) | ${ms(percentile(cold, 50))} / ${ms(percentile(cold, 95))} |`,
    );
    console.log(
      `| warm tenant p50 / p95 (${warm.length} tenants) | ${ms(percentile(warm, 50))} / ${ms(percentile(warm, 95))} |`,
    );
    console.log(`| server open files: at start / at end / allowed | ${baselineFiles} / ${files} / ${allowedFiles} |`);
    console.log(`| server memory (RSS) at end | ${rssMb.toFixed(0)} MB |`);
    console.log(`| tenant pool (TENANT_DB_MAX_OPEN) | ${POOL} |`);
    console.log(`| load average (1 min) | ${os.loadavg()[0]!.toFixed(2)} on ${os.cpus().length} cores |`);
    if (files > allowedFiles) failure = `open files grew to ${files}, more than the pool allows (${allowedFiles})`;
  } catch (e) {
    failure = e instanceof Error ? e.message : String(e);
  } finally {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
    fs.rmSync(dir, { recursive: true, force: true });
  }
  if (failure) {
    console.error(`\nbench:tenants failed: ${failure}`);
    process.exit(1);
  }
}

await main();
