import path from "node:path";
import { randomUUID } from "node:crypto";
import { createClient } from "@libsql/client";
import type { Account } from "./session";

export type Role =
  "ORGANIZATION_MANAGER" | "ORGANIZATION_WRITER" | "ORGANIZATION_READER" | "ORGANIZATION_REALTIME_USER";

/** The demo tenant's database file of this run (the server and the tests share E2E_DATA_DIR). */
export function demoDatabase() {
  return createClient({ url: `file:${path.join(process.env.E2E_DATA_DIR!, "tenants", "demo.db")}` });
}

/**
 * A staff member of the demo tenant for one spec, added straight into its database (staff user
 * management is a later screen). Each spec signs in as its own account because the login rate
 * limit (5 codes per identifier per 15 minutes) would otherwise be shared by the whole run.
 * Idempotent, so a retried test finds the account it made before.
 */
export async function demoStaffAccount(email: string, name: string, role: Role): Promise<Account> {
  const db = demoDatabase();
  try {
    await db.execute("PRAGMA busy_timeout = 5000");
    const existing = await db.execute({ sql: "SELECT id FROM staff_users WHERE email = ?", args: [email] });
    if (existing.rows.length === 0) {
      const id = randomUUID();
      const now = Date.now();
      await db.batch([
        {
          sql: "INSERT INTO staff_users (id, created_at, updated_at, rev, email, name) VALUES (?, ?, ?, 1, ?, ?)",
          args: [id, now, now, email, name],
        },
        { sql: "INSERT INTO staff_user_roles (user_id, role) VALUES (?, ?)", args: [id, role] },
        {
          sql: "INSERT INTO workspaces (id, created_at, updated_at, rev, name, workspace_type, owner_user_id) VALUES (?, ?, ?, 1, ?, 'PRIVATE', ?)",
          args: [randomUUID(), now, now, name, id],
        },
      ]);
    }
  } finally {
    db.close();
  }
  return { tenant: "demo", email };
}
