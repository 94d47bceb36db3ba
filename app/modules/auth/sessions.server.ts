import { eq, lt, sql } from "drizzle-orm";
import { ANSWERS_ONLY_WRITE, LIVE_RUN_WRITE, type TenantDb } from "~db/tenant/client";
import { preparedRead } from "~db/tenant/prepared";
import { TenantReadCache } from "~db/tenant/read-cache";
import { authSessions, participants, staffUsers, type AccountType } from "~db/tenant/schema";
import { randomToken, sha256 } from "~/lib/ids.server";
import { revokeLoginSessionTokens } from "~/modules/realtime/index.server";
import { settings } from "~settings/settings.server";

/** The spec's client storage keys double as the cookie names of the two account types. */
export const SESSION_COOKIE: Record<AccountType, string> = { ADMIN: "adminAuthState", USER: "userAuthState" };
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;
export const SESSION_IDLE_MS = 24 * 60 * 60 * 1000;
const TOUCH_AFTER_MS = 5 * 60 * 1000;

export type SessionCookie = {
  name: string;
  value: string;
  expires: Date;
  path: string;
  sameSite: "Lax";
  secure: boolean;
  httpOnly: true;
};

/** Starts a server-side session; the cookie value is `<tenant>.<token>`, the row keeps the token's hash. */
export async function createLoginSession(
  tdb: TenantDb,
  accountType: AccountType,
  subjectId: string,
  secure: boolean,
  clientAddress?: string,
): Promise<SessionCookie> {
  const token = randomToken(32);
  const now = Date.now();
  const expires = new Date(now + SESSION_ABSOLUTE_MS);
  await tdb.write(async (tx) => {
    await tx.delete(authSessions).where(lt(authSessions.expiresAt, new Date(now)));
    await tx.insert(authSessions).values({
      idHash: sha256(token),
      accountType,
      subjectId,
      createdAt: new Date(now),
      lastSeenAt: new Date(now),
      expiresAt: expires,
    });
    const loginFacts = { lastLogin: new Date(now), updatedAt: new Date(now) };
    if (accountType === "ADMIN") {
      const user = await tx
        .select({ n: staffUsers.loginsCount })
        .from(staffUsers)
        .where(eq(staffUsers.id, subjectId))
        .get();
      await tx
        .update(staffUsers)
        .set({ ...loginFacts, lastIp: clientAddress ?? null, loginsCount: (user?.n ?? 0) + 1, emailVerified: true })
        .where(eq(staffUsers.id, subjectId));
    } else {
      await tx
        .update(participants)
        .set({ updatedAt: new Date(now) })
        .where(eq(participants.id, subjectId));
    }
  }, LIVE_RUN_WRITE);
  return {
    name: SESSION_COOKIE[accountType],
    value: `${tdb.slug}.${token}`,
    expires,
    path: "/",
    sameSite: "Lax",
    secure,
    httpOnly: true,
  };
}

export function parseSessionCookieValue(value: string | undefined): { tenant: string; token: string } | null {
  if (!value) return null;
  const dot = value.indexOf(".");
  if (dot <= 0) return null;
  const tenant = value.slice(0, dot);
  const token = value.slice(dot + 1);
  if (!/^[A-Za-z0-9_-]{20,}$/.test(token)) return null;
  return { tenant, token };
}

type SessionRow = typeof authSessions.$inferSelect;

// Every request of a signed-in account looks its session up; a room of candidates saving answers
// does so hundreds of times a second. Rows found are kept (bounded, least recently used first) and
// trusted only while the database's content version is unchanged: any write that is not a live-run
// or login write (a user deleted, a test moving a row in time) drops them. Logout and expiry delete
// the row and the entry at once; expiry and idle time are checked on every use; after
// SESSION_CACHE_MS (30 s) an entry is read again, so a logout through another app process is seen
// within that time (set it to 0 when several app processes share the tenant databases).
const cache = new TenantReadCache<SessionRow>(10_000, () => settings().SESSION_CACHE_MS);

/** The live session behind a token, or null when unknown, expired or idle too long. */
const sessionByIdHash = preparedRead((db) =>
  db
    .select()
    .from(authSessions)
    .where(eq(authSessions.idHash, sql.placeholder("idHash")))
    .prepare(),
);

export async function findLoginSession(tdb: TenantDb, accountType: AccountType, token: string) {
  const idHash = sha256(token);
  const now = Date.now();
  let row = cache.get(tdb, idHash, now);
  if (!row) {
    const stamp = cache.stamp(tdb); // before the read: a write that lands meanwhile invalidates it
    row = await sessionByIdHash(tdb).get({ idHash });
    if (!row) return null;
    cache.set(tdb, idHash, stamp, row, now);
  }
  if (row.accountType !== accountType) return null;
  if (row.expiresAt.getTime() <= now || row.lastSeenAt.getTime() + SESSION_IDLE_MS <= now) {
    cache.delete(tdb, idHash);
    await tdb.write((tx) => tx.delete(authSessions).where(eq(authSessions.idHash, idHash)));
    return null;
  }
  if (now - row.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
    await tdb.write(
      (tx) =>
        tx
          .update(authSessions)
          .set({ lastSeenAt: new Date(now) })
          .where(eq(authSessions.idHash, idHash)),
      ANSWERS_ONLY_WRITE,
    );
    row = { ...row, lastSeenAt: new Date(now) };
    cache.replace(tdb, idHash, row);
  }
  return row;
}

/**
 * Logout: the session is refused from this moment on, here and (by the content version) everywhere
 * else in this process, and the live rooms it holds tokens for close its sockets (ADR 0030).
 */
export async function destroyLoginSession(tdb: TenantDb, token: string): Promise<void> {
  const idHash = sha256(token);
  cache.delete(tdb, idHash);
  await tdb.write((tx) => tx.delete(authSessions).where(eq(authSessions.idHash, idHash)));
  cache.delete(tdb, idHash);
  await revokeLoginSessionTokens(tdb, idHash).catch((error: unknown) =>
    console.warn(
      `[live] revoking the tokens of a logged-out session failed: ${error instanceof Error ? error.message : String(error)}`,
    ),
  );
}

export function serializeCookie(c: {
  name: string;
  value: string;
  expires: Date;
  path: string;
  secure: boolean;
}): string {
  const parts = [
    `${c.name}=${encodeURIComponent(c.value)}`,
    `Path=${c.path}`,
    `Expires=${c.expires.toUTCString()}`,
    "HttpOnly",
    "SameSite=Lax",
  ];
  if (c.secure) parts.push("Secure");
  return parts.join("; ");
}

export function clearedCookie(accountType: AccountType, secure: boolean): string {
  return serializeCookie({ name: SESSION_COOKIE[accountType], value: "", expires: new Date(0), path: "/", secure });
}

export function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get("Cookie");
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}
