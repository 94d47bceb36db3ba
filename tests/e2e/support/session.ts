import { eq, sql } from "drizzle-orm";
import type { BrowserContext } from "@playwright/test";
import { participants, staffUsers } from "~db/tenant/schema";
import { createLoginSession } from "~/modules/auth/sessions.server";
import { tenantDatabase } from "./seed";

// Signing in without the one-time-code screens (Epic Stack style): the test opens the session the
// login answer would open (app/modules/auth/sessions.server.ts `createLoginSession`) in the
// tenant's database and gives the browser the cookie that answer would set. Only the specs that
// test login itself go through the screens (foundation.spec.ts).

export type Area = "admin" | "user";
export type Account = { tenant: string; email: string };

const ACCOUNT_TYPE = { admin: "ADMIN", user: "USER" } as const;

/** The host the cookie is for: the server under test (cookies ignore the port). */
function cookieDomain(): string {
  return new URL(process.env.E2E_BASE_URL ?? "http://localhost").hostname;
}

/**
 * Opens a server-side session for an existing staff member (admin) or participant (user) and sets
 * its cookie on `context`. The database is the one of the server under test when called: a spec
 * that runs a server of its own (live-participant-restart) points E2E_DATA_DIR at its DATA_DIR.
 */
export async function signIn(context: BrowserContext, area: Area, who: Account): Promise<void> {
  const tdb = await tenantDatabase(who.tenant);
  const table = area === "admin" ? staffUsers : participants;
  const subject = await tdb.db
    .select({ id: table.id })
    .from(table)
    .where(eq(sql`lower(${table.email})`, who.email.toLowerCase()))
    .get();
  if (!subject)
    throw new Error(`No ${area === "admin" ? "staff member" : "participant"} ${who.email} in ${who.tenant}`);
  const cookie = await createLoginSession(tdb, ACCOUNT_TYPE[area], subject.id, false);
  await context.addCookies([
    {
      name: cookie.name,
      value: cookie.value,
      domain: cookieDomain(),
      path: cookie.path,
      httpOnly: cookie.httpOnly,
      sameSite: cookie.sameSite,
      expires: Math.floor(cookie.expires.getTime() / 1000),
    },
  ]);
}
