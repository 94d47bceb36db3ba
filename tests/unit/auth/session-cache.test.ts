import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { authSessions } from "~db/tenant/schema";
import { LIVE_RUN_WRITE, type TenantDb } from "~db/tenant/client";
import { sha256 } from "~/lib/ids.server";
import {
  createLoginSession,
  destroyLoginSession,
  findLoginSession,
  SESSION_IDLE_MS,
} from "~/modules/auth/sessions.server";
import { makeTenant, managerOf } from "../support/tenants";

// Session lookups are kept in memory; these prove a kept session is still refused the moment it
// ends: logout, its user removed, idle or absolute expiry.

let tdb: TenantDb;
let managerId: string;

beforeAll(async () => {
  const made = await makeTenant("sess-cache", "Session Cache");
  tdb = made.tdb;
  managerId = (await managerOf(made.tenant.slug))!.id;
});

afterEach(() => {
  vi.useRealTimers();
});

async function signedIn(): Promise<string> {
  const cookie = await createLoginSession(tdb, "ADMIN", managerId, false);
  const token = cookie.value.slice(cookie.value.indexOf(".") + 1);
  expect(await findLoginSession(tdb, "ADMIN", token)).not.toBeNull(); // now kept in memory
  return token;
}

describe("the session cache", () => {
  it("serves a kept session without reading its row again (only live-run writes happened)", async () => {
    const token = await signedIn();
    // Removed behind the cache's back by a write that claims to touch live rows only: still served,
    // which shows the lookup came from memory. Real removals never take this path.
    await tdb.write((tx) => tx.delete(authSessions).where(eq(authSessions.idHash, sha256(token))), LIVE_RUN_WRITE);
    expect(await findLoginSession(tdb, "ADMIN", token)).not.toBeNull();
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
