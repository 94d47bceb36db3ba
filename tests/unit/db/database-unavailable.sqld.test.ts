import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiRoute } from "~/api/routes.server";
import { closeCatalog } from "~db/catalog/client";
import { isDatabaseUnavailable, openClient } from "~db/connection";
import { migrateCatalog } from "~db/migrate";
import { closeTenantDbs, tenantDb, type TenantDb } from "~db/tenant/client";
import { companies, workspaces } from "~db/tenant/schema";
import { createTenant } from "~/modules/tenants/tenants.server";
import { createApiLane } from "~/server/api-lane";
import { apiSecurityHeaders } from "~/server/security";
import { startSqld, type Sqld } from "../../support/sqld";

// Only in the "sqld" project: a sqld of this file's own, stopped and started again under an open
// tenant database. While it is down every read and write fails with an error isDatabaseUnavailable
// knows (the JSON lane answers it with 503, Retry-After and the one refusal); once it is back the
// same client in the same process reads and writes again.

let sqld: Sqld;
let tdb: TenantDb;
let base: string;
let server: Server;
let workspaceId: string;
const saved: Record<string, string | undefined> = {};

beforeAll(async () => {
  sqld = await startSqld();
  for (const [name, value] of Object.entries(sqld.env("u"))) {
    saved[name] = process.env[name];
    process.env[name] = value;
  }
  await closeTenantDbs();
  await closeCatalog();
  await migrateCatalog();
  const tenant = await createTenant({ slug: "acme", name: "Acme", adminEmail: "boss@acme.test" });
  tdb = await tenantDb(tenant.slug);
  workspaceId = (await tdb.db.select().from(workspaces).get())!.id;

  const routes: ApiRoute[] = [
    {
      methods: ["GET"],
      path: "/api/companies",
      handle: async () => Response.json({ count: (await tdb.db.select().from(companies).all()).length }),
    },
  ];
  const build = { entry: { module: { apiRoutes: routes } } } as unknown as ServerBuild;
  const lane = await createApiLane({ build, trustProxy: "loopback", securityHeaders: apiSecurityHeaders(false) });
  server = createServer((req, res) => void (lane(req, res) || res.writeHead(404).end())).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await closeTenantDbs();
  await closeCatalog();
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await sqld?.stop();
});

const company = (name: string) => ({
  id: name,
  workspaceId,
  name,
  nameLower: name.toLowerCase(),
  createdAt: new Date(),
  updatedAt: new Date(),
});

/** Stops sqld for `downMs` and resolves once its process is gone; `back` settles when it answers again. */
async function outage(downMs: number): Promise<{ back: Promise<void> }> {
  const back = sqld.restart({ downMs });
  while (!sqld.gone()) await new Promise((resolve) => setTimeout(resolve, 50));
  return { back };
}

const failure = (work: () => Promise<unknown>) =>
  work().then(
    () => null,
    (error: unknown) => error,
  );

describe("a tenant database on sqld stopped and started again", () => {
  it("fails reads, writes and an open transaction with errors said to be unavailable, then serves again on the same client", async () => {
    await tdb.write((tx) => tx.insert(companies).values(company("Before")));
    const client = tdb.db.$client;
    const transaction = await client.transaction("write");
    await transaction.execute("SELECT 1");

    const { back } = await outage(1_500);
    const read = await failure(() => tdb.db.select().from(companies).all());
    const write = await failure(() => tdb.write((tx) => tx.insert(companies).values(company("During"))));
    expect(read).toBeInstanceOf(Error);
    expect(write).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(read)).toBe(true);
    expect(isDatabaseUnavailable(write)).toBe(true);
    await back;

    // The transaction opened before the restart is gone with it (sqld forgets its baton).
    const lost = await failure(() => transaction.execute("SELECT 1"));
    expect(isDatabaseUnavailable(lost)).toBe(true);
    // The client closes it: what the next writes of a group commit meet.
    const closed = await failure(() => transaction.execute("SELECT 1"));
    expect((closed as { code?: string }).code).toBe("TRANSACTION_CLOSED");
    expect(isDatabaseUnavailable(closed)).toBe(true);
    transaction.close();

    // The same database object and client: nothing reopened.
    expect(await tenantDb("acme")).toBe(tdb);
    expect(tdb.db.$client).toBe(client);
    await tdb.write((tx) => tx.insert(companies).values(company("After")));
    const names = (await tdb.db.select().from(companies).all()).map((c) => c.name).sort();
    expect(names).toEqual(["After", "Before"]);
  });

  it("is answered 503 with Retry-After and the one refusal by the JSON lane, and 200 once sqld is back", async () => {
    const { back } = await outage(1_000);
    const refused = await fetch(`${base}/api/companies`);
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("2");
    expect(await refused.json()).toEqual({
      ok: false,
      code: "INTERNAL_SERVER_ERROR",
      reason: "database_unavailable",
      message: "The database cannot be reached right now. Please try again in 2 s.",
    });
    await back;
    const served = await fetch(`${base}/api/companies`);
    expect(served.status).toBe(200);
    expect(await served.json()).toEqual({ count: 2 });
  });

  it("does not call a statement's own failure unavailable", async () => {
    const client = await openClient(sqld.env("u").CATALOG_DATABASE_URL);
    try {
      expect(isDatabaseUnavailable(await failure(() => client.execute("SELECT * FROM no_such_table")))).toBe(false);
      expect(isDatabaseUnavailable(await failure(() => tdb.db.insert(companies).values(company("After"))))).toBe(false);
    } finally {
      client.close();
    }
  });
});
