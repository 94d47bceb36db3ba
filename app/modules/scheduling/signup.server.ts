import { recordWebhookEvent } from "~/modules/webhooks/index.server";
import { and, desc, eq, inArray } from "drizzle-orm";
import {
  locations,
  participants,
  scheduledSessionParticipantEntries as entries,
  scheduledSessions,
  sessionTemplates,
  workspaces,
} from "~db/tenant/schema";
import type { TenantDb, Reader } from "~db/tenant/client";
import { AppError } from "~/lib/app-error";
import { requireParticipant, type Ctx, type ParticipantCtx } from "~/lib/context.server";
import { newId } from "~/lib/ids.server";
import type { Locale } from "~/i18n/config";
import { completeOtpLogin, requestLogin } from "~/modules/auth/index.server";
import { addressOf, type Address } from "~/modules/databases/index.server";
import { parseInput } from "~/lib/parse-input";
import { signUpDetailsInput } from "./signup-form";
import { findTenant, openTenant, tenantTimeZone } from "~/modules/tenants/index.server";
import { addEntries, startOfToday } from "./scheduled-sessions.server";

/** What a person sees of a scheduled session before signing up, and on their own home page. */
export type SessionSummary = {
  id: string;
  reference: string;
  sessionName: string;
  datetime: Date;
  status: string;
  locationName: string | null;
  locationAddress: Address | null;
};

const normalizeCode = (code: string) =>
  String(code ?? "")
    .trim()
    .toUpperCase()
    .slice(0, 20);

/** The session with this login code: an open (SCHEDULED/ONGOING) one first, else the newest closed one. */
async function sessionByCode(db: Reader, code: string) {
  const c = normalizeCode(code);
  if (!c) throw new AppError("NOT_FOUND", "scheduled_session_not_found");
  const open = await db
    .select()
    .from(scheduledSessions)
    .where(and(eq(scheduledSessions.loginCode, c), inArray(scheduledSessions.status, ["SCHEDULED", "ONGOING"])))
    .get();
  const row =
    open ??
    (await db
      .select()
      .from(scheduledSessions)
      .where(eq(scheduledSessions.loginCode, c))
      .orderBy(desc(scheduledSessions.datetime))
      .get());
  if (!row) throw new AppError("NOT_FOUND", "scheduled_session_not_found");
  return row;
}

function requireOpen(row: { status: string }): void {
  if (row.status !== "SCHEDULED") throw new AppError("BAD_REQUEST", "scheduled_session_closed");
}

async function summaries(db: Reader, rows: Array<typeof scheduledSessions.$inferSelect>): Promise<SessionSummary[]> {
  if (rows.length === 0) return [];
  const templateIds = [...new Set(rows.map((r) => r.sessionTemplateId))];
  const locationIds = [...new Set(rows.map((r) => r.locationId).filter((v): v is string => !!v))];
  const [templates, places] = await Promise.all([
    db
      .select({ id: sessionTemplates.id, name: sessionTemplates.name })
      .from(sessionTemplates)
      .where(inArray(sessionTemplates.id, templateIds))
      .all(),
    locationIds.length
      ? db.select().from(locations).where(inArray(locations.id, locationIds)).all()
      : Promise.resolve([]),
  ]);
  const tName = new Map(templates.map((t) => [t.id, t.name]));
  const place = new Map(places.map((p) => [p.id, p]));
  return rows.map((r) => {
    const loc = r.locationId ? place.get(r.locationId) : undefined;
    return {
      id: r.id,
      reference: r.reference,
      sessionName: tName.get(r.sessionTemplateId) ?? "",
      datetime: r.datetime,
      status: r.status,
      locationName: loc?.name ?? null,
      locationAddress: loc ? addressOf(loc) : null,
    };
  });
}

/** `signUpForScheduledSession(code)` for a signed-in participant; signing up twice changes nothing. */
export async function signUpForScheduledSession(ctx: Ctx, code: string): Promise<SessionSummary> {
  requireParticipant(ctx);
  const participantId = ctx.actor.participantId;
  const id = await ctx.tdb.write(async (tx) => {
    const row = await sessionByCode(tx, code);
    const already = await tx
      .select({ id: entries.id })
      .from(entries)
      .where(and(eq(entries.scheduledSessionId, row.id), eq(entries.participantId, participantId)))
      .get();
    if (already) return row.id;
    requireOpen(row);
    await addEntries(tx, row, [participantId]);
    await recordWebhookEvent(tx, {
      tenant: ctx.tenant.slug,
      event: "PARTICIPANT_SIGNED_UP",
      data: { scheduledSession: row.id, participant: participantId },
    });
    return row.id;
  });
  const row = await ctx.tdb.db.select().from(scheduledSessions).where(eq(scheduledSessions.id, id)).get();
  return (await summaries(ctx.tdb.db, [row!]))[0]!;
}

/** The signed-in participant's own sessions, upcoming (soonest first) and past (latest first). */
/** A session on the participant's own list: with whether they said they are ready (live run). */
export type MySessionSummary = SessionSummary & { ready: boolean };

export async function myScheduledSessions(
  ctx: Ctx,
): Promise<{ upcoming: MySessionSummary[]; past: MySessionSummary[]; timeZone: string }> {
  requireParticipant(ctx);
  const rows = await ctx.tdb.db
    .select({ s: scheduledSessions, ready: entries.ready })
    .from(entries)
    .innerJoin(scheduledSessions, eq(scheduledSessions.id, entries.scheduledSessionId))
    .where(eq(entries.participantId, ctx.actor.participantId))
    .all();
  const ready = new Map(rows.map((r) => [r.s.id, r.ready]));
  const all = (
    await summaries(
      ctx.tdb.db,
      rows.map((r) => r.s),
    )
  ).map((s) => ({ ...s, ready: ready.get(s.id) ?? false }));
  const timeZone = tenantTimeZone(ctx.tenant);
  const today = startOfToday(timeZone);
  const isPast = (s: SessionSummary) => s.status === "COMPLETED" || s.status === "CANCELED" || s.datetime < today;
  return {
    upcoming: all.filter((s) => !isPast(s)).sort((a, b) => a.datetime.getTime() - b.datetime.getTime()),
    past: all.filter(isPast).sort((a, b) => b.datetime.getTime() - a.datetime.getTime()),
    timeZone,
  };
}

// ---------------------------------------------------------------------------------------------
// The public sign-up page /user/signup/{code}?tenant=<slug> (see docs/decisions/0005-signup-codes.md).

async function tenantDbOf(slug: string): Promise<{ tdb: TenantDb; name: string; slug: string; timeZone: string }> {
  const tenant = slug ? await findTenant(slug) : null;
  if (!tenant || tenant.status !== "ACTIVE") throw new AppError("NOT_FOUND", "scheduled_session_not_found");
  return { tdb: await openTenant(tenant), name: tenant.name, slug: tenant.slug, timeZone: tenantTimeZone(tenant) };
}

/** What the sign-up page shows: the session's name, date and place (NOT_FOUND for an unknown code or tenant). */
export async function signUpInfo(
  tenantSlug: string,
  code: string,
): Promise<SessionSummary & { organization: string; open: boolean; canceled: boolean; timeZone: string }> {
  const { tdb, name, timeZone } = await tenantDbOf(tenantSlug);
  const row = await sessionByCode(tdb.db, code);
  return {
    ...(await summaries(tdb.db, [row]))[0]!,
    organization: name,
    open: row.status === "SCHEDULED",
    canceled: row.status === "CANCELED",
    timeZone,
  };
}

/**
 * Step 1 for a person at the sign-up page: someone not yet a participant of the tenant becomes one
 * (name and e-mail); then a one-time code is mailed. The entry is only created in step 2, once the
 * person has proved the e-mail address is theirs.
 */
export async function startSignUp(args: {
  tenant: string;
  code: string;
  name: string;
  email: string;
  locale: Locale;
  clientAddress: string;
}): Promise<{ created: boolean }> {
  const { tdb, slug } = await tenantDbOf(args.tenant);
  const row = await sessionByCode(tdb.db, args.code);
  requireOpen(row);
  const data = parseInput(signUpDetailsInput, { name: args.name, email: args.email });
  const created = await tdb.write(async (tx) => {
    const existing = await tx
      .select({ id: participants.id })
      .from(participants)
      .where(eq(participants.emailLower, data.email.toLowerCase()))
      .get();
    if (existing) return false;
    const ws = await tx
      .select({ id: workspaces.id })
      .from(workspaces)
      .where(eq(workspaces.workspaceType, "ORGANIZATION"))
      .get();
    if (!ws) throw new AppError("NOT_FOUND", "workspace_not_found");
    const now = new Date();
    await tx.insert(participants).values({
      id: newId(),
      createdAt: now,
      updatedAt: now,
      rev: 1,
      workspaceId: ws.id,
      name: data.name,
      nameLower: data.name.toLowerCase(),
      email: data.email,
      emailLower: data.email.toLowerCase(),
      locale: args.locale,
    });
    return true;
  });
  await requestLogin({
    tenant: slug,
    identifier: { type: "EMAIL", value: data.email },
    accountType: "USER",
    clientAddress: args.clientAddress,
    locale: args.locale,
  });
  return { created };
}

/** Step 2: checks the one-time code, signs the participant in and up. Returns the session cookie. */
export async function completeSignUp(args: {
  tenant: string;
  code: string;
  email: string;
  otp: string;
  secure: boolean;
  clientAddress: string;
  ctxBase: Pick<Ctx, "locale" | "t">;
}) {
  const { tdb, slug } = await tenantDbOf(args.tenant);
  const { cookie, subjectId } = await completeOtpLogin({
    tenant: slug,
    identifier: { type: "EMAIL", value: args.email.trim() },
    otp: args.otp,
    accountType: "USER",
    secure: args.secure,
    clientAddress: args.clientAddress,
  });
  const person = await tdb.db.select().from(participants).where(eq(participants.id, subjectId)).get();
  if (!person) throw new AppError("NOT_FOUND", "participant_not_found");
  const tenant = (await findTenant(slug))!;
  const ctx: ParticipantCtx = {
    tenant,
    tdb,
    actor: { type: "USER", participantId: person.id, email: person.email, name: person.name },
    permissions: [],
    locale: args.ctxBase.locale,
    t: args.ctxBase.t,
    clientAddress: args.clientAddress,
  };
  const session = await signUpForScheduledSession(ctx, args.code);
  return { cookie, session };
}
