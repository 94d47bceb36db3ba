import { and, eq, getTableColumns, sql } from "drizzle-orm";
import { z } from "zod";
import type { InStatement } from "@libsql/client";
import type { Reader, TenantDb } from "~db/tenant/client";
import type { PlannedKind } from "~db/tenant/planned-write";
import { plannedStatement } from "~db/tenant/prepared";
import {
  deviceContacts,
  scheduledSessionParticipantEntries as entries,
  scheduledSessions,
  type DeviceKind,
} from "~db/tenant/schema";
import { AppError } from "~/lib/app-error";
import { requirePermission, requireParticipant, type Ctx } from "~/lib/context.server";
import { parseInput } from "~/lib/parse-input";

// Devices the staff cannot see (issue 32): each participant's and examiner's device reports how
// many answers or ticks still wait on it, and every request of it counts as contact. Kept cheap
// (ADR 0043): a device's row is written at most every CONTACT_WRITE_MS by each app process, or at
// once when its waiting count changes; in between, its requests write nothing. The table moves no
// revision (UNCOUNTED), so the live state kept in memory is never read again because of it.

/** At most one write of a device's contact per process in this time, unless its waiting count changed. */
export const CONTACT_WRITE_MS = 15_000;
/** The browser reports this often while a session runs (app/components/live/use-device-report.ts). */
export const CONTACT_REPORT_MS = 20_000;
/** A device of a running session not heard from for longer is flagged on the dashboard. */
export const SILENT_AFTER_MS = 60_000;

export type DeviceContact = {
  scheduledSession: string;
  kind: DeviceKind;
  participantId?: string | null;
  userId?: string | null;
  userName?: string | null;
  evaluationId?: string | null;
  /** An examiner's device id (several tablets of one examiner are told apart). */
  deviceId?: string | null;
  /** undefined: this request says nothing about it (an answer save), the stored count stays. */
  waiting?: number;
};

const keyOf = (c: DeviceContact): string =>
  c.kind === "PARTICIPANT" ? `participant:${c.participantId}` : `examiner:${c.userId}:${c.deviceId ?? "-"}`;

/** What this process last wrote per device: `${tenant}|${session}|${device}`. Bounded. */
const lastWritten = new Map<string, { at: number; waiting: number | undefined; evaluation: string | null }>();
const MAX_REMEMBERED = 50_000;

/** Whether this contact must be written now: first seen, its waiting count or station changed, or CONTACT_WRITE_MS passed. */
function due(key: string, contact: DeviceContact, now: number): boolean {
  const last = lastWritten.get(key);
  if (!last) return true;
  if (contact.waiting !== undefined && contact.waiting !== last.waiting) return true;
  if ((contact.evaluationId ?? null) !== last.evaluation && contact.evaluationId !== undefined) return true;
  return now - last.at >= CONTACT_WRITE_MS;
}

/**
 * Notes a device's contact now. Writes (one upsert, in the tenant's next planned batch) only when
 * due; answers whether it wrote. The caller has checked who the device belongs to.
 */
export async function noteDeviceContact(tdb: TenantDb, contact: DeviceContact, at = new Date()): Promise<boolean> {
  return (await noteContact(tdb, contact, at)).written;
}

/** noteDeviceContact, also saying whether the waiting count this process knew of changed (the dashboard is told then). */
export async function noteContact(
  tdb: TenantDb,
  contact: DeviceContact,
  at = new Date(),
): Promise<{ written: boolean; waitingChanged: boolean }> {
  const deviceKey = keyOf(contact);
  const key = `${tdb.slug}|${contact.scheduledSession}|${deviceKey}`;
  if (!due(key, contact, at.getTime())) return { written: false, waitingChanged: false };
  if (lastWritten.size >= MAX_REMEMBERED) lastWritten.clear();
  const before = lastWritten.get(key);
  const waitingChanged = contact.waiting !== undefined && contact.waiting !== (before?.waiting ?? 0);
  lastWritten.set(key, {
    at: at.getTime(),
    waiting: contact.waiting ?? before?.waiting,
    evaluation: contact.evaluationId ?? before?.evaluation ?? null,
  });
  const set = {
    lastContactAt: at,
    ...(contact.waiting !== undefined ? { waiting: contact.waiting } : {}),
    ...(contact.evaluationId ? { evaluationId: contact.evaluationId } : {}),
    ...(contact.userName ? { userName: contact.userName } : {}),
  };
  try {
    const row: Record<keyof typeof deviceContacts.$inferInsert, unknown> = {
      scheduledSessionId: contact.scheduledSession,
      deviceKey,
      kind: contact.kind,
      participantId: contact.participantId ?? null,
      userId: contact.userId ?? null,
      userName: contact.userName ?? null,
      evaluationId: contact.evaluationId ?? null,
      lastContactAt: at.getTime(),
      waiting: contact.waiting ?? 0,
    };
    const columns = Object.keys(getTableColumns(deviceContacts)) as Array<keyof typeof row>;
    await tdb.planned(
      contactWrites,
      plannedStatement(
        tdb.db
          .insert(deviceContacts)
          // Nothing for a session removed meanwhile: a refused row would fail the whole batch,
          // the saves beside it included.
          .select(
            sql`SELECT ${sql.join(
              columns.map((key) => sql`${row[key]}`),
              sql`, `,
            )} WHERE EXISTS (SELECT 1 FROM ${scheduledSessions} WHERE ${scheduledSessions.id} = ${contact.scheduledSession})`,
          )
          // A report older than what is stored (another process wrote meanwhile) changes nothing.
          .onConflictDoUpdate({
            target: [deviceContacts.scheduledSessionId, deviceContacts.deviceKey],
            set,
            setWhere: sql`${deviceContacts.lastContactAt} <= ${at.getTime()}`,
          }),
      ),
    );
  } catch (error) {
    // Not written: the next request tries again.
    lastWritten.delete(key);
    throw error;
  }
  return { written: true, waitingChanged };
}

/**
 * Contacts go in the tenant's next planned batch, beside the room's answer saves: they read
 * nothing, so they always fit. In a transaction of their own they were three requests to a libSQL
 * server while holding its write lock, a fifth of a busy room's (docs/benchmarks.md, ADR 0049).
 */
const contactWrites: PlannedKind<InStatement, true> = {
  plan: async (_revision, statements) => ({
    statements: [...statements],
    finish: () => statements.map(() => true as const),
  }),
};

/** Like noteDeviceContact, for a request that has already been answered: never fails it, logs instead. */
export function noteDeviceContactLater(tdb: TenantDb, contact: DeviceContact): void {
  noteDeviceContact(tdb, contact).catch((error: unknown) =>
    console.error("[devices] could not note a device's contact", error instanceof Error ? error.message : error),
  );
}

const id = z.string({ required_error: "validation:required" }).trim().min(1).max(100);
const reportInput = z.object({
  scheduledSession: id,
  waiting: z.number({ required_error: "validation:required" }).int().min(0).max(100_000),
  /** An examiner's station. */
  evaluation: id.nullish(),
});

/** The participant's own device reports its waiting answers (the contact endpoint). */
export async function reportParticipantDevice(
  ctx: Ctx,
  input: unknown,
): Promise<{ written: boolean; waitingChanged: boolean }> {
  requireParticipant(ctx);
  const data = parseInput(reportInput, input);
  // Only a participant of the session reports for it; asked only when a write is due.
  const contact: DeviceContact = {
    scheduledSession: data.scheduledSession,
    kind: "PARTICIPANT",
    participantId: ctx.actor.participantId,
    waiting: data.waiting,
  };
  const entry = await ctx.tdb.db
    .select({ id: entries.id })
    .from(entries)
    .where(
      and(eq(entries.scheduledSessionId, data.scheduledSession), eq(entries.participantId, ctx.actor.participantId)),
    )
    .get();
  if (!entry) throw new AppError("NOT_FOUND", "scheduled_session_participant_entry_not_found");
  return noteContact(ctx.tdb, contact);
}

/** An examiner's tablet reports its waiting ticks (the contact endpoint of the station view). */
export async function reportExaminerDevice(
  ctx: Ctx,
  input: unknown,
): Promise<{ written: boolean; waitingChanged: boolean }> {
  requirePermission(ctx, "correct:sessions");
  const data = parseInput(reportInput, input);
  const session = await ctx.tdb.db
    .select({ id: scheduledSessions.id })
    .from(scheduledSessions)
    .where(eq(scheduledSessions.id, data.scheduledSession))
    .get();
  if (!session) throw new AppError("NOT_FOUND", "scheduled_session_not_found");
  return noteContact(ctx.tdb, {
    scheduledSession: session.id,
    kind: "EXAMINER",
    userId: ctx.actor.userId,
    userName: ctx.actor.name,
    deviceId: ctx.device ?? null,
    evaluationId: data.evaluation ?? null,
    waiting: data.waiting,
  });
}

export type DeviceContactRow = typeof deviceContacts.$inferSelect;

/** Every device's contact of a session, for the dashboard. */
export function deviceContactsOf(db: Reader, sessionId: string): Promise<DeviceContactRow[]> {
  return db.select().from(deviceContacts).where(eq(deviceContacts.scheduledSessionId, sessionId)).all();
}

/** Silent: the session runs and the device (or, never seen, the participant since `since`) was last heard of more than SILENT_AFTER_MS ago. */
export function isSilent(lastContactAt: Date | null, since: Date | null, running: boolean, now: Date): boolean {
  const last = lastContactAt ?? since;
  return running && !!last && now.getTime() - last.getTime() > SILENT_AFTER_MS;
}

/** Forgets what this process wrote (tests). */
export function forgetDeviceContacts(): void {
  lastWritten.clear();
}

/**
 * A request of a live screen that the server has just answered (an answer save, a tick, a state
 * read) counts as its device's contact; its waiting count is left as last reported. Never fails
 * the request. Call it only after the module function accepted the request (so the device belongs
 * to the session).
 */
export function noteRequestContact(ctx: Ctx, scheduledSession: string, evaluation?: string | null): void {
  if (ctx.actor.type === "USER")
    noteDeviceContactLater(ctx.tdb, { scheduledSession, kind: "PARTICIPANT", participantId: ctx.actor.participantId });
  else if (ctx.actor.type === "ADMIN")
    noteDeviceContactLater(ctx.tdb, {
      scheduledSession,
      kind: "EXAMINER",
      userId: ctx.actor.userId,
      userName: ctx.actor.name,
      deviceId: ctx.device ?? null,
      evaluationId: evaluation ?? undefined,
    });
}
