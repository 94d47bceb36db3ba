import { createHash, randomBytes } from "node:crypto";
import path from "node:path";
import { createClient } from "@libsql/client";
import type { BrowserContext } from "@playwright/test";

// Signing in without the one-time-code screens (Epic Stack style): the test writes the session
// row that app/modules/auth/sessions.server.ts `createLoginSession` would write into the tenant's
// database and gives the browser the cookie the login answer would set. Only the specs that test
// login itself go through the screens (foundation.spec.ts).

export type Area = "admin" | "user";
export type Account = { tenant: string; email: string };

/** Cookie names and lifetime as in sessions.server.ts (SESSION_COOKIE, SESSION_ABSOLUTE_MS). */
const COOKIE: Record<Area, string> = { admin: "adminAuthState", user: "userAuthState" };
const ACCOUNT_TYPE: Record<Area, "ADMIN" | "USER"> = { admin: "ADMIN", user: "USER" };
const SESSION_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The tenant database of the server under test. Read when called: a spec that runs a server of its
 * own (live-participant-restart) points E2E_DATA_DIR at that server's DATA_DIR while it signs in.
 */
function tenantDatabase(tenant: string) {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set: run the end-to-end tests with `npm run test:e2e`.");
  return createClient({ url: `file:${path.join(dataDir, "tenants", `${tenant}.db`)}` });
}

/** The host the cookie is for: the server under test (cookies ignore the port). */
function cookieDomain(): string {
  return new URL(process.env.E2E_BASE_URL ?? "http://localhost").hostname;
}

/** Opens a server-side session for an existing staff member (admin) or participant (user) and sets its cookie on `context`. */
export async function signIn(context: BrowserContext, area: Area, who: Account): Promise<void> {
  const db = tenantDatabase(who.tenant);
  try {
    await db.execute("PRAGMA busy_timeout = 5000");
    const table = area === "admin" ? "staff_users" : "participants";
    const subject = await db.execute({
      sql: `SELECT id FROM ${table} WHERE lower(email) = lower(?)`,
      args: [who.email],
    });
    const subjectId = subject.rows[0]?.id;
    if (typeof subjectId !== "string") throw new Error(`No ${table} row for ${who.email} in ${who.tenant}`);
    const token = randomBytes(32).toString("base64url");
    const now = Date.now();
    const facts =
      area === "admin"
        ? {
            sql: "UPDATE staff_users SET last_login = ?, updated_at = ?, logins_count = logins_count + 1, email_verified = 1 WHERE id = ?",
            args: [now, now, subjectId],
          }
        : { sql: "UPDATE participants SET updated_at = ? WHERE id = ?", args: [now, subjectId] };
    await db.batch(
      [
        {
          sql: "INSERT INTO auth_sessions (id_hash, account_type, subject_id, created_at, last_seen_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)",
          args: [
            createHash("sha256").update(token).digest("hex"),
            ACCOUNT_TYPE[area],
            subjectId,
            now,
            now,
            now + SESSION_MS,
          ],
        },
        facts,
      ],
      "write",
    );
    await context.addCookies([
      {
        name: COOKIE[area],
        value: `${who.tenant}.${token}`,
        domain: cookieDomain(),
        path: "/",
        httpOnly: true,
        sameSite: "Lax",
        expires: Math.floor((now + SESSION_MS) / 1000),
      },
    ]);
  } finally {
    db.close();
  }
}
