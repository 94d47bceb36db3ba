/**
 * Import and list benchmark for participants: `npm run bench:import`.
 * Imports 10,000 participants into a fresh tenant (temporary DATA_DIR), in imports of at most
 * MAX_IMPORT_ROWS, then times list queries through the same module functions the screens and the
 * API use. Prints the figures, and the longest event-loop stall during the imports (what every
 * other tenant waits while an import runs).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "import-bench-"));
process.env.DATA_DIR = dir;

const N = Number(process.env.BENCH_ROWS ?? 10_000);

async function main() {
  const { migrateCatalog } = await import("~db/migrate");
  const { createTenant, openTenant } = await import("~/modules/tenants/tenants.server");
  const { createStaffUserInTenant } = await import("~/modules/staff/staff-users.server");
  const { permissionsForRoles } = await import("~/lib/permissions");
  const { importParticipants, importParticipantsCsv, previewImport } =
    await import("~/modules/databases/import.server");
  const { MAX_IMPORT_ROWS } = await import("~/modules/databases/import-limits");
  const { listParticipants } = await import("~/modules/databases/participants.server");
  const { afterForPage } = await import("~/lib/paging.server");
  const { closeTenantDbs } = await import("~db/tenant/client");

  await migrateCatalog();
  const tenant = await createTenant({
    slug: "bench",
    name: "Bench",
    adminEmail: "manager@bench.test",
    adminName: "Manager",
  });
  const tdb = await openTenant(tenant);
  const user = await createStaffUserInTenant(tdb, {
    email: "writer@bench.test",
    name: "Writer",
    roles: ["ORGANIZATION_MANAGER"],
  });
  const ctx = {
    tenant,
    tdb,
    actor: { type: "ADMIN" as const, userId: user.id, email: user.email, name: user.name, roles: user.roles },
    permissions: permissionsForRoles(["ORGANIZATION_MANAGER"]),
    locale: "en-us" as const,
    t: ((key: string) => key) as never,
    clientAddress: "127.0.0.1",
  };

  const rows = Array.from({ length: N }, (_, i) => ({
    name: `Person ${String(i).padStart(5, "0")} ${["Jansen", "Peeters", "Dubois", "Maes", "Lambert"][i % 5]}`,
    email: `person${i}@example${i % 37}.test`,
    phone: i % 3 === 0 ? `+3247${String(i).padStart(7, "0")}` : "",
    externalId: i % 2 === 0 ? `EXT-${String(N - i).padStart(6, "0")}` : "",
    company: `Company ${i % 200}`,
  }));

  // The longest the event loop stood still during each step: what other tenants' requests wait.
  const stall = monitorEventLoopDelay({ resolution: 5 });
  const time = async <T>(label: string, fn: () => Promise<T>, repeat = 1): Promise<T> => {
    let result!: T;
    const start = performance.now();
    for (let i = 0; i < repeat; i++) result = await fn();
    const ms = (performance.now() - start) / repeat;
    const stalled = stall.max > 0 ? `, longest event-loop stall ${(stall.max / 1e6).toFixed(0)} ms` : "";
    console.log(
      `${label.padEnd(52)} ${ms.toFixed(1).padStart(8)} ms${repeat > 1 ? ` (mean of ${repeat})` : ""}${stalled}`,
    );
    stall.reset();
    return result;
  };

  console.log(`participants: ${N}, DATA_DIR ${dir}, node ${process.version}, ${os.cpus().length} CPUs`);
  const batches = <T>(list: T[]) =>
    Array.from({ length: Math.ceil(list.length / MAX_IMPORT_ROWS) }, (_, i) =>
      list.slice(i * MAX_IMPORT_ROWS, (i + 1) * MAX_IMPORT_ROWS),
    );
  stall.enable();
  let savedCount = 0;
  await time(`importParticipants (${N} new rows, 200 new companies, by ${MAX_IMPORT_ROWS})`, async () => {
    for (const batch of batches(rows)) savedCount += (await importParticipants(ctx, batch)).length;
  });
  if (savedCount !== N) throw new Error(`expected ${N} saved, got ${savedCount}`);
  // A second import of the same rows matches every one of them and updates instead of duplicating.
  await time(`importParticipants again (${N} matched, updated)`, async () => {
    for (const batch of batches(rows)) await importParticipants(ctx, batch);
  });
  const csvOf = (part: typeof rows) =>
    [
      "name,email,phone,externalId,company",
      ...part.map((r) => [r.name, r.email, r.phone, r.externalId, `"${r.company}"`].join(",")),
    ].join("\n");
  await time(`CSV import of the same ${N} rows (parse + match + update)`, async () => {
    for (const batch of batches(rows)) await importParticipantsCsv(ctx, csvOf(batch));
  });
  const preview = await time(`CSV preview of ${MAX_IMPORT_ROWS} rows`, () =>
    previewImport(ctx, csvOf(rows.slice(0, MAX_IMPORT_ROWS))),
  );
  stall.disable();
  console.log(
    `${"preview answer size".padEnd(52)} ${(JSON.stringify(preview).length / 1024).toFixed(1).padStart(8)} KB`,
  );

  const first = await time("list page 1 (sort NAME ASC)", () => listParticipants(ctx, { first: 20 }), 20);
  if (first.pageInfo.totalCount !== N) throw new Error(`expected ${N} participants, got ${first.pageInfo.totalCount}`);
  await time(
    "filtered list (email contains 'example7.')",
    () => listParticipants(ctx, { first: 20, filter: { email: "example7." } }),
    20,
  );
  await time(
    "filtered list (search 'dubois', any field)",
    () => listParticipants(ctx, { first: 20, filter: { search: "dubois" } }),
    20,
  );
  await time(
    `deep page (page ${Math.floor(N / 20)}, sort NAME)`,
    () => listParticipants(ctx, { first: 20, after: afterForPage(Math.floor(N / 20)) }),
    20,
  );
  await time(
    "sort by EMAIL DESC, page 1",
    () => listParticipants(ctx, { first: 20, orderBy: "EMAIL", order: "DESC" }),
    20,
  );
  await time(
    "sort by EXTERNAL_ID ASC, deep page",
    () => listParticipants(ctx, { first: 20, orderBy: "EXTERNAL_ID", after: afterForPage(400) }),
    20,
  );

  await closeTenantDbs();
  fs.rmSync(dir, { recursive: true, force: true });
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
