import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { tenantDatabaseUrl } from "~db/config";
import { openClient } from "~db/connection";
import { authSessions, staffUserRoles } from "~db/tenant/schema";
import type { TenantDb } from "~db/tenant/client";
import { sha256 } from "~/lib/ids.server";
import {
  createLoginSession,
  destroyLoginSession,
  findLoginSession,
  SESSION_IDLE_MS,
} from "~/modules/auth/sessions.server";
import { makeTenant, managerOf } from "../support/tenants";

// A request's login session is read with its account in one statement and kept at the database's
// revision (ADR 0038). These prove it is refused the moment it ends, whoever ends it: logout, its
// rows removed by any writer (another app process), idle or absolute expiry; that the account's
// roles are those of the moment; and that another process's touch, which moves no revision, keeps
// a session alive.

let tdb: TenantDb;
let managerId: string;
let slug: string;

beforeAll(async () => {
  const made = await makeTenant("sess-lookup", "Session Lookup");
  tdb = made.tdb;
  slug = made.tenant.slug;
  managerId = (await managerOf(made.tenant.slug))!.id;
});

afterEach(() => {
  vi.useRealTimers();
});

async function signedIn(): Promise<string> {
  const cookie = await createLoginSession(tdb, "ADMIN", managerId, false);
  const token = cookie.value.slice(cookie.value.indexOf(".") + 1);
  expect(await findLoginSession(tdb, "ADMIN", token)).not.toBeNull();
  return token;
}

/** Runs SQL on the tenant's database through a connection of its own, as another app process would. */
async function elsewhere(statement: string, args: string[]): Promise<void> {
  const other = await openClient(tenantDatabaseUrl(slug));
  try {
    await other.execute({ sql: statement, args });
  } finally {
    other.close();
  }
}

describe("the login session lookup", () => {
  it("refuses a session whose row another process deleted, at the next request", async () => {
    const token = await signedIn();
    await elsewhere("DELETE FROM auth_sessions WHERE id_hash = ?", [sha256(token)]);
    expect(await findLoginSession(tdb, "ADMIN", token)).toBeNull();
  });

  it("gives the account's roles of the moment, and refuses a session whose account is gone", async () => {
    const token = await signedIn();
    expect((await findLoginSession(tdb, "ADMIN", token))?.account).toMatchObject({
      type: "ADMIN",
      userId: managerId,
      roles: ["ORGANIZATION_MANAGER"],
    });
    await elsewhere("INSERT INTO staff_user_roles (user_id, role) VALUES (?, 'ORGANIZATION_READER')", [managerId]);
    expect((await findLoginSession(tdb, "ADMIN", token))?.account).toMatchObject({
      roles: ["ORGANIZATION_MANAGER", "ORGANIZATION_READER"],
    });
    await tdb.write((tx) => tx.delete(staffUserRoles).where(eq(staffUserRoles.role, "ORGANIZATION_READER")));
  });

  it("refuses a logged-out session at once", async () => {
    const token = await signedIn();
    await destroyLoginSession(tdb, token);
    expect(await findLoginSession(tdb, "ADMIN", token)).toBeNull();
  });

  it("refuses at once the sessions of a user whose sessions were deleted by any other write", async () => {
    const token = await signedIn();
    // What removing a staff user does: delete every session of that subject.
    await tdb.write((tx) => tx.delete(authSessions).where(eq(authSessions.subjectId, managerId)));
    expect(await findLoginSession(tdb, "ADMIN", token)).toBeNull();
  });

  it("reads a kept session again before ending it as idle: another process's touch keeps it", async () => {
    const token = await signedIn();
    vi.useFakeTimers({ toFake: ["Date"] });
    const later = Date.now() + SESSION_IDLE_MS + 60_000;
    vi.setSystemTime(later);
    // Used through another process an hour ago: its touch moves no revision, so this one's kept row is older.
    await elsewhere("UPDATE auth_sessions SET last_seen_at = ? WHERE id_hash = ?", [
      String(later - 3_600_000),
      sha256(token),
    ]);
    expect(await findLoginSession(tdb, "ADMIN", token)).not.toBeNull();
  });

  it("refuses a kept session once it has been idle too long", async () => {
    const token = await signedIn();
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + SESSION_IDLE_MS + 1000);
    expect(await findLoginSession(tdb, "ADMIN", token)).toBeNull();
    vi.useRealTimers();
    expect(
      await tdb.db
        .select()
        .from(authSessions)
        .where(eq(authSessions.idHash, sha256(token)))
        .get(),
    ).toBeUndefined();
  });

  it("refuses a kept session past its absolute expiry even while in use", async () => {
    const token = await signedIn();
    const row = (await tdb.db
      .select()
      .from(authSessions)
      .where(eq(authSessions.idHash, sha256(token)))
      .get())!;
    vi.useFakeTimers({ toFake: ["Date"] });
    // Used every few hours until the end: never idle, but the absolute limit still ends it.
    for (let t = Date.now() + 3 * 3600_000; t < row.expiresAt.getTime(); t += 3 * 3600_000) {
      vi.setSystemTime(t);
      expect(await findLoginSession(tdb, "ADMIN", token)).not.toBeNull();
    }
    vi.setSystemTime(row.expiresAt.getTime() + 1);
    expect(await findLoginSession(tdb, "ADMIN", token)).toBeNull();
  });

  it("does not take a staff session for a participant's", async () => {
    const token = await signedIn();
    expect(await findLoginSession(tdb, "USER", token)).toBeNull();
  });
});
