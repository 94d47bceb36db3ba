import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { authSessions } from "~db/tenant/schema";
import type { TenantDb } from "~db/tenant/client";
import { sha256 } from "~/lib/ids.server";
import {
  createLoginSession,
  findLoginSession,
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
} from "~/modules/auth/sessions.server";
import { makeTenant, managerOf } from "../support/tenants";

let tdb: TenantDb;
let managerId: string;

beforeAll(async () => {
  const made = await makeTenant("sess-exp", "Session Expiry");
  tdb = made.tdb;
  managerId = (await managerOf(made.tenant.slug))!.id;
});

/** A fresh session whose row is then moved back in time, as if `ageMs` had passed. */
async function sessionAged(fields: { createdAgoMs: number; lastSeenAgoMs: number; expiresInMs: number }) {
  const cookie = await createLoginSession(tdb, "ADMIN", managerId, false);
  const token = cookie.value.slice(cookie.value.indexOf(".") + 1);
  const now = Date.now();
  await tdb.write((tx) =>
    tx
      .update(authSessions)
      .set({
        createdAt: new Date(now - fields.createdAgoMs),
        lastSeenAt: new Date(now - fields.lastSeenAgoMs),
        expiresAt: new Date(now + fields.expiresInMs),
      })
      .where(eq(authSessions.idHash, sha256(token))),
  );
  return token;
}

const rowOf = (token: string) =>
  tdb.db
    .select()
    .from(authSessions)
    .where(eq(authSessions.idHash, sha256(token)))
    .get();

describe("findLoginSession", () => {
  it("accepts a live session and keeps it", async () => {
    const token = await sessionAged({
      createdAgoMs: 60_000,
      lastSeenAgoMs: 60_000,
      expiresInMs: SESSION_ABSOLUTE_MS - 60_000,
    });
    expect(await findLoginSession(tdb, "ADMIN", token)).not.toBeNull();
    expect(await rowOf(token)).toBeDefined();
  });

  it("refuses and deletes a session past its absolute expiry, even when used a moment ago", async () => {
    const token = await sessionAged({
      createdAgoMs: SESSION_ABSOLUTE_MS + 1_000,
      lastSeenAgoMs: 1_000,
      expiresInMs: -1_000,
    });
    expect(await rowOf(token)).toBeDefined();
    expect(await findLoginSession(tdb, "ADMIN", token)).toBeNull();
    expect(await rowOf(token)).toBeUndefined();
  });

  it("refuses and deletes a session idle longer than the idle limit, even before its expiry", async () => {
    const token = await sessionAged({
      createdAgoMs: SESSION_IDLE_MS + 60_000,
      lastSeenAgoMs: SESSION_IDLE_MS + 1_000,
      expiresInMs: 3 * 24 * 3600_000,
    });
    expect(await rowOf(token)).toBeDefined();
    expect(await findLoginSession(tdb, "ADMIN", token)).toBeNull();
    expect(await rowOf(token)).toBeUndefined();
  });

  it("refuses a session of the other account type without deleting it", async () => {
    const token = await sessionAged({ createdAgoMs: 0, lastSeenAgoMs: 0, expiresInMs: SESSION_ABSOLUTE_MS });
    expect(await findLoginSession(tdb, "USER", token)).toBeNull();
    expect(await findLoginSession(tdb, "ADMIN", token)).not.toBeNull();
  });
});
