import { eq, lt } from "drizzle-orm";
import { LIVE_RUN_WRITE, type TenantDb } from "~db/tenant/client";
import { authSessions, participants, staffUsers, type AccountType } from "~db/tenant/schema";
import { randomToken, sha256 } from "~/lib/ids.server";

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
      const user = await tx.select({ n: staffUsers.loginsCount }).from(staffUsers).where(eq(staffUsers.id, subjectId)).get();
      await tx
        .update(staffUsers)
        .set({ ...loginFacts, lastIp: clientAddress ?? null, loginsCount: (user?.n ?? 0) + 1, emailVerified: true })
        .where(eq(staffUsers.id, subjectId));
    } else {
      await tx.update(participants).set({ updatedAt: new Date(now) }).where(eq(participants.id, subjectId));
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
type Cached = { tdb: TenantDb; version: number; readAt: number; row: SessionRow };
const cache = new Map<string, Cached>();
const CACHE_MAX = 10_000;
const cacheMs = () => Number(process.env.SESSION_CACHE_MS ?? 30_000);
const cacheKey = (tdb: TenantDb, idHash: string) => `${tdb.slug}\n${idHash}`;

function cached(tdb: TenantDb, key: string, now: number): SessionRow | null {
  const hit = cache.get(key);
  if (!hit) return null;
  cache.delete(key);
  if (hit.tdb !== tdb || hit.version !== tdb.contentVersion() || now - hit.readAt >= cacheMs()) return null;
  cache.set(key, hit); // most recently used
  return hit.row;
}

function remember(key: string, entry: Cached): void {
  cache.delete(key);
  cache.set(key, entry);
  for (const oldest of cache.keys()) {
    if (cache.size <= CACHE_MAX) break;
    cache.delete(oldest);
  }
}

/** The live session behind a token, or null when unknown, expired or idle too long. */
export async function findLoginSession(tdb: TenantDb, accountType: AccountType, token: string) {
  const idHash = sha256(token);
  const key = cacheKey(tdb, idHash);
  const now = Date.now();
  let row = cached(tdb, key, now);
  if (!row) {
    const version = tdb.contentVersion(); // before the read: a write that lands meanwhile invalidates it
    row = (await tdb.db.select().from(authSessions).where(eq(authSessions.idHash, idHash)).get()) ?? null;
    if (!row) return null;
    remember(key, { tdb, version, readAt: now, row });
  }
  if (row.accountType !== accountType) return null;
  if (row.expiresAt.getTime() <= now || row.lastSeenAt.getTime() + SESSION_IDLE_MS <= now) {
    cache.delete(key);
    await tdb.write((tx) => tx.delete(authSessions).where(eq(authSessions.idHash, idHash)));
    return null;
  }
  if (now - row.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
    await tdb.write((tx) => tx.update(authSessions).set({ lastSeenAt: new Date(now) }).where(eq(authSessions.idHash, idHash)), LIVE_RUN_WRITE);
    row = { ...row, lastSeenAt: new Date(now) };
    const hit = cache.get(key);
    if (hit) hit.row = row;
  }
  return row;
}

/** Logout: the session is refused from this moment on, here and (by the content version) everywhere else in this process. */
export async function destroyLoginSession(tdb: TenantDb, token: string): Promise<void> {
  const idHash = sha256(token);
  cache.delete(cacheKey(tdb, idHash));
  await tdb.write((tx) => tx.delete(authSessions).where(eq(authSessions.idHash, idHash)));
  cache.delete(cacheKey(tdb, idHash));
}

export function serializeCookie(c: { name: string; value: string; expires: Date; path: string; secure: boolean }): string {
  const parts = [`${c.name}=${encodeURIComponent(c.value)}`, `Path=${c.path}`, `Expires=${c.expires.toUTCString()}`, "HttpOnly", "SameSite=Lax"];
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
