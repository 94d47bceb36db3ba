import { eq, lt, sql } from "drizzle-orm";
import type { TenantDb } from "~db/tenant/client";
import { preparedSelect } from "~db/tenant/prepared";
import { KeptAtRevision, sharedRevision } from "~db/tenant/revision";
import { authSessions, participants, staffUserRoles, staffUsers, type AccountType } from "~db/tenant/schema";
import { randomToken, sha256 } from "~/lib/ids.server";
import { revokeLoginSessionTokens } from "~/modules/realtime/index.server";
import type { Role } from "~/lib/permissions";

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
  });
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

/** Who is signed in behind a session: a staff user with their roles, or a participant. */
export type SessionAccount =
  | { type: "ADMIN"; userId: string; email: string; name: string; roles: Role[] }
  | { type: "USER"; participantId: string; email: string; name: string };

// Every request of a signed-in account needs its session with the account behind it. Both are read
// in one statement (flat columns through preparedSelect: drizzle's mapping of the joined row cost
// more than SQLite's read) and kept at the database's revision (ADR 0038): the request reads the
// revision, a quarter of the statement's cost here, and reads the session again only when its
// content revision moved (ADR 0047): a live change, in this process or another, leaves it kept. A
// login, a logout, an expiry, a removed account or a changed role moves it in every process; a
// session's touch of its last use does not (db/tenant/revision.ts).
const kept = new KeptAtRevision<Found & object>(10_000, { readsLiveTables: false });
const sessionColumns = {
  idHash: authSessions.idHash,
  accountType: authSessions.accountType,
  subjectId: authSessions.subjectId,
  createdAt: authSessions.createdAt,
  lastSeenAt: authSessions.lastSeenAt,
  expiresAt: authSessions.expiresAt,
};
type AccountColumns = { accountId: string | null; email: string | null; name: string | null };
const participantSession = preparedSelect<SessionRow & AccountColumns>((db) =>
  db
    .select({ ...sessionColumns, accountId: participants.id, email: participants.email, name: participants.name })
    .from(authSessions)
    .leftJoin(participants, eq(participants.id, authSessions.subjectId))
    .where(eq(authSessions.idHash, sql.placeholder("idHash"))),
);
const staffSession = preparedSelect<SessionRow & AccountColumns & { roles: string | null }>((db) =>
  db
    .select({
      ...sessionColumns,
      accountId: staffUsers.id,
      email: staffUsers.email,
      name: staffUsers.name,
      roles: sql<string>`(select json_group_array(${staffUserRoles.role}) from ${staffUserRoles} where ${staffUserRoles.userId} = ${staffUsers.id})`,
    })
    .from(authSessions)
    .leftJoin(staffUsers, eq(staffUsers.id, authSessions.subjectId))
    .where(eq(authSessions.idHash, sql.placeholder("idHash"))),
);

/**
 * The live session behind a token with its account, or null when unknown, of the other account
 * type, expired, idle too long, or its account is gone.
 */
export async function findLoginSession(
  tdb: TenantDb,
  accountType: AccountType,
  token: string,
): Promise<{ session: SessionRow; account: SessionAccount } | null> {
  const idHash = sha256(token);
  const now = Date.now();
  const read = () => (accountType === "ADMIN" ? staffSessionOf(tdb, idHash) : participantSessionOf(tdb, idHash));
  const key = `${accountType}\n${idHash}`; // each type reads its own account
  const revision = await sharedRevision(tdb);
  let found: Found = kept.get(tdb, revision, key) ?? null;
  const idle = (f: NonNullable<Found>) => f.session.lastSeenAt.getTime() + SESSION_IDLE_MS <= now;
  // A kept session may miss another process's touch (it moves no revision): read before ending it.
  if (!found || idle(found)) {
    found = await read();
    if (found) kept.set(tdb, revision, key, found);
  }
  if (!found || found.session.accountType !== accountType) return null;
  let session = found.session;
  if (session.expiresAt.getTime() <= now || idle(found)) {
    await tdb.write((tx) => tx.delete(authSessions).where(eq(authSessions.idHash, idHash)));
    return null;
  }
  if (!found.account) return null; // the account was removed
  if (now - session.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
    await tdb.write((tx) =>
      tx
        .update(authSessions)
        .set({ lastSeenAt: new Date(now) })
        .where(eq(authSessions.idHash, idHash)),
    );
    session = { ...session, lastSeenAt: new Date(now) };
    kept.replace(tdb, key, { session, account: found.account });
  }
  return { session, account: found.account };
}

type Found = { session: SessionRow; account: SessionAccount | null } | null;

const sessionOf = (row: SessionRow): SessionRow => ({
  idHash: row.idHash,
  accountType: row.accountType,
  subjectId: row.subjectId,
  createdAt: row.createdAt,
  lastSeenAt: row.lastSeenAt,
  expiresAt: row.expiresAt,
});

async function staffSessionOf(tdb: TenantDb, idHash: string): Promise<Found> {
  const [row] = await staffSession(tdb, { idHash });
  if (!row) return null;
  return {
    session: sessionOf(row),
    account: row.accountId
      ? {
          type: "ADMIN",
          userId: row.accountId,
          email: row.email!,
          name: row.name!,
          roles: (JSON.parse(row.roles ?? "[]") as Role[]).sort(),
        }
      : null,
  };
}

async function participantSessionOf(tdb: TenantDb, idHash: string): Promise<Found> {
  const [row] = await participantSession(tdb, { idHash });
  if (!row) return null;
  return {
    session: sessionOf(row),
    account: row.accountId ? { type: "USER", participantId: row.accountId, email: row.email!, name: row.name! } : null,
  };
}

/**
 * Logout: the session is refused from this moment on, by every app process (its row is gone, and
 * the revision moved), and
 * the live rooms it holds tokens for close its sockets (ADR 0030).
 */
export async function destroyLoginSession(tdb: TenantDb, token: string): Promise<void> {
  const idHash = sha256(token);
  await tdb.write((tx) => tx.delete(authSessions).where(eq(authSessions.idHash, idHash)));
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
