import { execFileSync } from "node:child_process";
import type { Account } from "./session";

/**
 * An organisation of its own for a spec, made with the operator command `npm run tenant:create`
 * against the run's DATA_DIR (the server finds new tenants in the shared catalog). Idempotent.
 */
export function operatorTenant(slug: string, name: string, adminEmail: string): Account {
  const env = { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR! };
  const list = execFileSync("node_modules/.bin/tsx", ["app/cli/tenant-list.ts"], { env, encoding: "utf8" });
  if (!list.split("\n").some((line) => line.startsWith(`${slug}\t`))) {
    execFileSync(
      "node_modules/.bin/tsx",
      ["app/cli/tenant-create.ts", "--slug", slug, "--name", name, "--admin", adminEmail],
      { env, stdio: "pipe" },
    );
  }
  return { tenant: slug, email: adminEmail };
}
