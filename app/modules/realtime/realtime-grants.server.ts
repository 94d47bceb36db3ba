// Live-room tokens end when the access behind them ends (ADR 0030): a token names the login session
// it was issued to (its grant), and the app tells a room to close the sockets of a grant on logout,
// of a participant taken off the session, and of a removed staff account, and to refuse their
// tokens from then on. Which rooms a login session holds tokens for is kept in realtime_grants.
import { createHash } from "node:crypto";
import { and, eq, gt, inArray, lt, type SQL } from "drizzle-orm";
import type { TenantDb } from "~db/tenant/client";
import { realtimeGrants, type AccountType } from "~db/tenant/schema";
import type { Ctx } from "~/lib/context.server";
import {
  DEFAULT_TOKEN_TTL_MS,
  issueRealtimeToken,
  revokeInRoom,
  type RealtimeCapability,
  type RealtimeConnection,
} from "./realtime.server";

/** The grant of a login session (its id hash): opaque, and no way back to the session or its cookie. */
export function grantOf(loginSession: string): string {
  return createHash("sha256").update(`realtime-grant\n${loginSession}`).digest("base64url").slice(0, 32);
}

/**
 * Rows written recently, so that a screen reloading every few seconds (each reload issues a new
 * token) writes a row once per half token lifetime, not on every reload. Per process: another
 * process writes its own, which only refreshes the same row.
 */
const recorded = new Map<string, number>();
const MAX_RECORDED = 50_000;

async function recordGrant(tdb: TenantDb, row: typeof realtimeGrants.$inferInsert): Promise<void> {
  const key = `${tdb.slug}\n${row.grant}\n${row.scheduledSessionId}`;
  const now = Date.now();
  if ((recorded.get(key) ?? 0) - now > DEFAULT_TOKEN_TTL_MS / 2) return;
  await tdb.write(async (tx) => {
    await tx
      .insert(realtimeGrants)
      .values(row)
      .onConflictDoUpdate({
        target: [realtimeGrants.grant, realtimeGrants.scheduledSessionId],
        set: { expiresAt: row.expiresAt },
      });
    // Rows whose tokens have all expired name no socket any more.
    await tx.delete(realtimeGrants).where(lt(realtimeGrants.expiresAt, new Date(now)));
  });
  if (recorded.size >= MAX_RECORDED) recorded.clear();
  recorded.set(key, row.expiresAt.getTime());
}

/**
 * A token for the session's room for the signed-in account (staff: admin, participant: its own
 * events), naming the request's login session so that logging out ends it. Callers check access.
 */
export async function realtimeTokenFor(
  ctx: Ctx,
  scheduledSessionId: string,
  capability: RealtimeCapability,
  clientId: string,
): Promise<RealtimeConnection> {
  const grant = ctx.loginSession ? grantOf(ctx.loginSession) : undefined;
  const connection = await issueRealtimeToken({
    tenant: ctx.tenant.slug,
    scheduledSessionId,
    capability,
    clientId,
    grant,
  });
  if (grant) {
    const accountType: AccountType = capability === "admin" ? "ADMIN" : "USER";
    await recordGrant(ctx.tdb, {
      grant,
      scheduledSessionId,
      accountType,
      subjectId: clientId,
      expiresAt: new Date(connection.expires),
    });
  }
  return connection;
}

function forget(tdb: TenantDb, keys: Array<{ grant: string; scheduledSessionId: string }>): void {
  for (const k of keys) recorded.delete(`${tdb.slug}\n${k.grant}\n${k.scheduledSessionId}`);
}

/** Logout: every room the login session holds a live token for closes its sockets and refuses its tokens. */
export async function revokeLoginSessionTokens(tdb: TenantDb, loginSession: string): Promise<void> {
  const grant = grantOf(loginSession);
  const rows = await tdb.db
    .select({ grant: realtimeGrants.grant, scheduledSessionId: realtimeGrants.scheduledSessionId })
    .from(realtimeGrants)
    .where(and(eq(realtimeGrants.grant, grant), gt(realtimeGrants.expiresAt, new Date())))
    .all();
  if (rows.length === 0) return;
  await tdb.write((tx) => tx.delete(realtimeGrants).where(eq(realtimeGrants.grant, grant)));
  forget(tdb, rows);
  await Promise.all(
    rows.map((r) => revokeInRoom({ tenant: tdb.slug, scheduledSessionId: r.scheduledSessionId, grants: [grant] })),
  );
}

/** Deletes the grants `where` selects and forgets them; returns those whose tokens are still valid. */
async function withdrawGrants(
  tdb: TenantDb,
  where: SQL | undefined,
): Promise<Array<{ scheduledSessionId: string; subjectId: string }>> {
  const rows = await tdb.db
    .select({
      grant: realtimeGrants.grant,
      scheduledSessionId: realtimeGrants.scheduledSessionId,
      subjectId: realtimeGrants.subjectId,
      expiresAt: realtimeGrants.expiresAt,
    })
    .from(realtimeGrants)
    .where(where)
    .all();
  if (rows.length === 0) return [];
  await tdb.write((tx) => tx.delete(realtimeGrants).where(where));
  forget(tdb, rows);
  const now = Date.now();
  return rows.filter((r) => r.expiresAt.getTime() > now);
}

/** A removed staff account: every room it holds a live token for closes its sockets and refuses its tokens. */
export async function revokeStaffTokens(tdb: TenantDb, userId: string): Promise<void> {
  const live = await withdrawGrants(
    tdb,
    and(eq(realtimeGrants.accountType, "ADMIN"), eq(realtimeGrants.subjectId, userId)),
  );
  const rooms = [...new Set(live.map((r) => r.scheduledSessionId))];
  await Promise.all(
    rooms.map((scheduledSessionId) =>
      revokeInRoom({ tenant: tdb.slug, scheduledSessionId, clients: [{ capability: "admin", clientId: userId }] }),
    ),
  );
}

/**
 * Participants taken off a scheduled session: its room closes their sockets and refuses the tokens
 * they hold. Only when one of them was given a token for it lately (a row here): no request to a
 * room nobody of them joined.
 */
export async function revokeParticipantTokens(
  tdb: TenantDb,
  scheduledSessionId: string,
  participantIds: readonly string[],
): Promise<void> {
  if (participantIds.length === 0) return;
  const where = and(
    eq(realtimeGrants.scheduledSessionId, scheduledSessionId),
    eq(realtimeGrants.accountType, "USER"),
    inArray(realtimeGrants.subjectId, [...participantIds]),
  );
  const holders = [...new Set((await withdrawGrants(tdb, where)).map((r) => r.subjectId))];
  if (holders.length)
    await revokeInRoom({
      tenant: tdb.slug,
      scheduledSessionId,
      clients: holders.map((clientId) => ({ capability: "participant" as const, clientId })),
    });
}
