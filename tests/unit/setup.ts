import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, inject } from "vitest";
import { forgetSettings } from "~settings/settings.server";

// The app reads its settings from process.env once; tests change process.env between cases (a cache
// time, a token, NODE_ENV), so every change here makes the settings be read again on next use.
const realEnv: NodeJS.ProcessEnv = ((globalThis as { realEnv?: NodeJS.ProcessEnv }).realEnv ??= process.env);
process.env = new Proxy(realEnv, {
  set(env, name, value) {
    const done = Reflect.set(env, name, value);
    forgetSettings();
    return done;
  },
  deleteProperty(env, name) {
    const done = Reflect.deleteProperty(env, name);
    forgetSettings();
    return done;
  },
});

// Every test file gets its own DATA_DIR (catalog, tenant databases, outbox) and closes it after.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "assess-test-"));
process.env.DATA_DIR = dir;
process.env.SEED_DEMO = "false";
// Every link in a mail starts with the configured public address, never the request's host.
process.env.PUBLIC_URL = "http://app.test";
delete process.env.PUBLIC_HOST_ALIASES;
delete process.env.POSTMARK_SERVER_TOKEN;
// The "sqld" project (vitest.config.ts) runs the same tests on a libSQL server: this file's catalog
// and tenants are namespaces of their own there (`f<8 hex>-acme`), made as the app makes them.
const sqld = inject("sqld");
if (sqld) {
  // Not node:crypto: loading it here, before the test file, changed when V8 collects closed
  // databases' statements enough to fail tenant-pool.test.ts's open-file bound now and then.
  const prefix = `f${Math.random().toString(16).slice(2, 10).padEnd(8, "0")}`;
  process.env.TENANT_DATABASE_URL = sqld.tenantUrlTemplate.replace("{tenant}", `${prefix}-{tenant}`);
  process.env.CATALOG_DATABASE_URL = sqld.tenantUrlTemplate.replace("{tenant}", `${prefix}-catalog`);
  process.env.TENANT_DATABASE_ADMIN_URL = sqld.adminUrl;
} else {
  delete process.env.TENANT_DATABASE_URL;
  delete process.env.CATALOG_DATABASE_URL;
  delete process.env.TENANT_DATABASE_ADMIN_URL;
}
delete process.env.DEFAULT_TIME_ZONE; // organisations default to Europe/Brussels

// What refuses a removal while something uses the object, as the server registers it at start-up
// (imported late: modules read DATA_DIR when they load).
beforeAll(async () => {
  const { registerReferenceChecks } = await import("~/server/reference-checks");
  registerReferenceChecks();
});

afterAll(async () => {
  // Login codes go out after the answer: let queued mail finish before the databases close.
  const { drainMailQueue } = await import("~/modules/mail/mail-queue.server");
  await drainMailQueue();
  const { closeTenantDbs } = await import("~db/tenant/client");
  const { closeCatalog } = await import("~db/catalog/client");
  await closeTenantDbs();
  await closeCatalog();
  fs.rmSync(dir, { recursive: true, force: true });
});
