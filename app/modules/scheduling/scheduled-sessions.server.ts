import { participantContacts, requireParticipants } from "~/modules/databases/index.server";
import { randomInt } from "node:crypto";
import { and, asc, count, desc, eq, gte, inArray, lt, ne, sql, type SQL } from "drizzle-orm";
import { scheduledSessionInput, type ScheduledSessionInput } from "./session-input";
import {
  evaluations,
  liveAnswers,
  liveOverrides,
  liveProgress,
  locations,
  participants,
  questions,
  scheduledSessionParticipantEntries as entries,
  scheduledSessionReferenceCounters as counters,
  scheduledSessions,
  scheduledSessionParticipantCorrections as corrections,
  sessionReports,
  sessionTemplates,
  staffUsers,
  type CircuitSettings,
  type EntryRow,
  type ScheduledSessionOptions,
  type ScheduledSessionStatus,
} from "~db/tenant/schema";
import type { TenantTx, Reader } from "~db/tenant/client";
import { AppError, badRequest, type Reference } from "~/lib/app-error";
import { requirePermission, type Ctx, type StaffCtx } from "~/lib/context.server";
import { dayOfInstant, startOfDay } from "~/lib/time-zone";
import { correctionId } from "~/lib/global-id";
import { mergeUpdateInput } from "~/lib/update-input";
import { tenantTimeZone } from "~/modules/tenants/index.server";
import { fieldError, parseInput } from "~/lib/parse-input";
import { registerReferenceFinder } from "~/lib/references.server";
import { newDocumentRow, resolveWorkspace } from "~/lib/document-rows.server";
import { mapNodes, paginateSelect, type Connection, type PageArgs, type SortOrder } from "~/lib/paging.server";
import { sessionEntity } from "~/modules/assessments/index.server";
import { dayOf, formatReference, LOGIN_CODE_ALPHABET, LOGIN_CODE_LENGTH, referencePrefix, rotation } from "./ordering";
import { assertStatusTransition } from "./status-transitions";
import { revokeParticipantTokens } from "~/modules/realtime/index.server";

export const READ = "read:admin" as const;
export const WRITE = "write:scheduling" as const;
export const ACTIVE_STATUSES: ScheduledSessionStatus[] = ["SCHEDULED", "ONGOING"];

type Row = typeof scheduledSessions.$inferSelect;
export type { EntryRow };

export type ScheduledSession = {
  _id: string;
  _createdAt: Date;
  _updatedAt: Date;
  _rev: number;
  _type: "ScheduledSession";
  workspace: string;
  datetime: Date;
  session: string;
  location: string | null;
  reference: string;
  status: ScheduledSessionStatus;
  assignedUser: string | null;
  loginCode: string;
  options: ScheduledSessionOptions;
  /** Circuit settings (issue 32), or null. */
  circuit: CircuitSettings | null;
  /** Participant ids, in the order they were added. */
  participants: string[];
  /** Names for lists and screens. */
  sessionName: string;
  locationName: string | null;
  assignedUserName: string | null;
  evaluations: string[];
};

/** `behavior` is the spec's layout choice (NARROW/WIDE), not applied by the server; `when` and `status` narrow the list. */
export type ScheduledSessionFilter = {
  behavior?: string | null;
  id?: string | null;
  session?: string | null;
  status?: ScheduledSessionStatus | null;
  when?: "UPCOMING" | "PAST" | null;
  /** Only sessions still to run or running (the dashboard's "next sessions"); not in the GraphQL filter. */
  active?: boolean | null;
};
export type ScheduledSessionSort = "DATETIME";
export type ScheduledSessionListArgs = PageArgs & {
  filter?: ScheduledSessionFilter | null;
  order?: SortOrder | null;
  orderBy?: ScheduledSessionSort | null;
};

const DEFAULT_OPTIONS: ScheduledSessionOptions = {
  allQuestionsInEvaluationShownByDefault: false,
  enableAutoPauseOnHelpRequest: false,
};

export { scheduledSessionInput, type ScheduledSessionInput } from "./session-input";

// ---------------------------------------------------------------------------------------------
// Reading

export async function findScheduledRow(db: Reader, id: string): Promise<Row> {
  const row = await db.select().from(scheduledSessions).where(eq(scheduledSessions.id, id)).get();
  if (!row) throw new AppError("NOT_FOUND", "scheduled_session_not_found");
  return row;
}

export async function entriesOf(db: Reader, scheduledSessionIds: string[]): Promise<EntryRow[]> {
  if (scheduledSessionIds.length === 0) return [];
  return db
    .select()
    .from(entries)
    .where(inArray(entries.scheduledSessionId, scheduledSessionIds))
    .orderBy(asc(entries.createdAt), asc(entries.id))
    .all();
}

async function namesById(
  db: Reader,
  table: typeof locations | typeof sessionTemplates | typeof staffUsers,
  ids: (string | null)[],
): Promise<Map<string, string>> {
  const unique = [...new Set(ids.filter((i): i is string => !!i))];
  if (unique.length === 0) return new Map();
  const rows = await db.select({ id: table.id, name: table.name }).from(table).where(inArray(table.id, unique)).all();
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function toDocs(db: Reader, rows: Row[]): Promise<ScheduledSession[]> {
  const [sessionNames, locationNames, userNames, allEntries, templates] = await Promise.all([
    namesById(
      db,
      sessionTemplates,
      rows.map((r) => r.sessionTemplateId),
    ),
    namesById(
      db,
      locations,
      rows.map((r) => r.locationId),
    ),
    namesById(
      db,
      staffUsers,
      rows.map((r) => r.assignedUserId),
    ),
    entriesOf(
      db,
      rows.map((r) => r.id),
    ),
    rows.length
      ? db
          .select({ id: sessionTemplates.id, evaluationIds: sessionTemplates.evaluationIds })
          .from(sessionTemplates)
          .where(inArray(sessionTemplates.id, [...new Set(rows.map((r) => r.sessionTemplateId))]))
          .all()
      : Promise.resolve([]),
  ]);
  const evals = new Map(templates.map((t) => [t.id, t.evaluationIds]));
  return rows.map((r) => ({
    _id: r.id,
    _createdAt: r.createdAt,
    _updatedAt: r.updatedAt,
    _rev: r.rev,
    _type: "ScheduledSession",
    workspace: r.workspaceId,
    datetime: r.datetime,
    session: r.sessionTemplateId,
    location: r.locationId,
    reference: r.reference,
    status: r.status,
    assignedUser: r.assignedUserId,
    loginCode: r.loginCode,
    options: { ...DEFAULT_OPTIONS, ...r.options },
    circuit: r.circuit ?? null,
    participants: allEntries.filter((e) => e.scheduledSessionId === r.id).map((e) => e.participantId),
    sessionName: sessionNames.get(r.sessionTemplateId) ?? "",
    locationName: r.locationId ? (locationNames.get(r.locationId) ?? null) : null,
    assignedUserName: r.assignedUserId ? (userNames.get(r.assignedUserId) ?? null) : null,
    evaluations: evals.get(r.sessionTemplateId) ?? [],
  }));
}

function filterWhere(filter: ScheduledSessionFilter | null | undefined, zone: string): SQL | undefined {
  if (!filter) return undefined;
  const parts = [
    filter.id ? eq(scheduledSessions.id, filter.id) : undefined,
    filter.session ? eq(scheduledSessions.sessionTemplateId, filter.session) : undefined,
    filter.status ? eq(scheduledSessions.status, filter.status) : undefined,
    filter.when === "UPCOMING" ? gte(scheduledSessions.datetime, startOfToday(zone)) : undefined,
    filter.when === "PAST" ? lt(scheduledSessions.datetime, startOfToday(zone)) : undefined,
    filter.active ? inArray(scheduledSessions.status, ["SCHEDULED", "ONGOING"]) : undefined,
  ].filter((p): p is SQL => !!p);
  return parts.length ? and(...parts) : undefined;
}

/** Midnight today in the organisation's time zone: "upcoming" and "past" are the people's days. */
export function startOfToday(zone: string, now = new Date()): Date {
  return startOfDay(dayOfInstant(now, zone), zone);
}

/** `allScheduledSessions(filter, order, orderBy: DATETIME, after, first)`. */
export async function listScheduledSessions(
  ctx: Ctx,
  args: ScheduledSessionListArgs = {},
): Promise<Connection<ScheduledSession>> {
  requirePermission(ctx, READ);
  const db = ctx.tdb.db;
  const where = filterWhere(args.filter, tenantTimeZone(ctx.tenant));
  const dir = args.order === "DESC" ? desc : asc;
  const page = await paginateSelect(
    args,
    db.select({ n: count() }).from(scheduledSessions).where(where),
    db
      .select()
      .from(scheduledSessions)
      .where(where)
      .orderBy(dir(scheduledSessions.datetime), dir(scheduledSessions.id)),
    (r: Row) => r,
  );
  return mapNodes(page, (rows) => toDocs(db, rows));
}

/** `allScheduledSessionsBetween(start, end)`: every session with start <= datetime < end. */
export async function listScheduledSessionsBetween(ctx: Ctx, start: Date, end: Date): Promise<ScheduledSession[]> {
  requirePermission(ctx, READ);
  if (!(start instanceof Date) || Number.isNaN(start.getTime())) throw fieldError("start", "validation:required");
  if (!(end instanceof Date) || Number.isNaN(end.getTime())) throw fieldError("end", "validation:required");
  const rows = await ctx.tdb.db
    .select()
    .from(scheduledSessions)
    .where(and(gte(scheduledSessions.datetime, start), lt(scheduledSessions.datetime, end)))
    .orderBy(asc(scheduledSessions.datetime), asc(scheduledSessions.id))
    .limit(2000)
    .all();
  return toDocs(ctx.tdb.db, rows);
}

export async function getScheduledSession(ctx: Ctx, id: string): Promise<ScheduledSession> {
  requirePermission(ctx, READ);
  return (await toDocs(ctx.tdb.db, [await findScheduledRow(ctx.tdb.db, id)]))[0]!;
}

// ---------------------------------------------------------------------------------------------
// Reference and login code

/**
 * Next reference for the template's prefix (DEFAULT_REFERENCE_PREFIX when it has none) and the day
 * of `datetime` in `zone`: prefix + yyyymmdd + 0001… A reference is fixed when the session is
 * created and never reused: moving the session keeps it, and the counter never goes back, also
 * after a removal (ADR 0010).
 */
export async function nextReference(
  tx: TenantTx,
  referenceFormat: string,
  datetime: Date,
  zone: string,
): Promise<string> {
  const prefix = referencePrefix(referenceFormat);
  const day = dayOf(datetime, zone);
  const row = await tx
    .insert(counters)
    .values({ prefix, day, lastCounter: 1 })
    .onConflictDoUpdate({
      target: [counters.prefix, counters.day],
      set: { lastCounter: sql`${counters.lastCounter} + 1` },
    })
    .returning({ lastCounter: counters.lastCounter })
    .get();
  return formatReference(prefix, day, row.lastCounter);
}

export function randomLoginCode(length = LOGIN_CODE_LENGTH): string {
  let code = "";
  for (let i = 0; i < length; i++) code += LOGIN_CODE_ALPHABET[randomInt(LOGIN_CODE_ALPHABET.length)];
  return code;
}

/** A login code not used by another SCHEDULED or ONGOING session of the tenant. */
export async function uniqueLoginCode(tx: Reader, exceptId?: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const code = randomLoginCode(attempt < 20 ? LOGIN_CODE_LENGTH : LOGIN_CODE_LENGTH + 2);
    if (!(await loginCodeTaken(tx, code, exceptId))) return code;
  }
  throw new AppError("INTERNAL_SERVER_ERROR", "internal_error");
}

async function loginCodeTaken(tx: Reader, code: string, exceptId?: string): Promise<boolean> {
  const clash = await tx
    .select({ id: scheduledSessions.id })
    .from(scheduledSessions)
    .where(
      and(
        eq(scheduledSessions.loginCode, code),
        inArray(scheduledSessions.status, ACTIVE_STATUSES),
        exceptId ? ne(scheduledSessions.id, exceptId) : undefined,
      ),
    )
    .get();
  return !!clash;
}

// ---------------------------------------------------------------------------------------------
// Plan: add, update, cancel, remove

async function templateOf(tx: Reader, ctx: StaffCtx, id: string) {
  const [row] = await sessionEntity.visibleRows(tx, ctx, [id]);
  if (!row) throw new AppError("NOT_FOUND", "session_not_found");
  return row;
}

async function checkReferences(tx: TenantTx, input: ScheduledSessionInput): Promise<void> {
  if (input.location) {
    const loc = await tx.select({ id: locations.id }).from(locations).where(eq(locations.id, input.location)).get();
    if (!loc) throw new AppError("NOT_FOUND", "location_not_found");
  }
  if (input.assignedUser) {
    const user = await tx
      .select({ id: staffUsers.id })
      .from(staffUsers)
      .where(eq(staffUsers.id, input.assignedUser))
      .get();
    if (!user) throw new AppError("NOT_FOUND", "user_not_found");
  }
  await requireParticipants(tx, input.participants ?? []);
}

const optionsOf = (
  input: ScheduledSessionInput["options"],
  current: ScheduledSessionOptions = DEFAULT_OPTIONS,
): ScheduledSessionOptions => ({
  allQuestionsInEvaluationShownByDefault:
    input?.allQuestionsInEvaluationShownByDefault ?? current.allQuestionsInEvaluationShownByDefault,
  enableAutoPauseOnHelpRequest: input?.enableAutoPauseOnHelpRequest ?? current.enableAutoPauseOnHelpRequest,
});

/** Creates entries for participants not yet in the session; each new one gets the next rotation. */
export async function addEntries(tx: TenantTx, row: Row, participantIds: string[]): Promise<string[]> {
  const existing = await entriesOf(tx, [row.id]);
  const have = new Set(existing.map((e) => e.participantId));
  const template = await tx
    .select({ evaluationIds: sessionTemplates.evaluationIds })
    .from(sessionTemplates)
    .where(eq(sessionTemplates.id, row.sessionTemplateId))
    .get();
  const evals = template?.evaluationIds ?? [];
  const added: string[] = [];
  let index = existing.length;
  for (const participantId of [...new Set(participantIds)]) {
    if (have.has(participantId)) continue;
    const now = new Date(Date.now() + added.length); // keeps the adding order in createdAt
    await tx.insert(entries).values({
      ...newDocumentRow(now),
      scheduledSessionId: row.id,
      participantId,
      ready: false,
      sessionStart: null,
      sessionOrder: rotation(evals, evals.length ? index % evals.length : 0),
    });
    added.push(participantId);
    index++;
  }
  return added;
}

export async function addScheduledSession(ctx: Ctx, input: unknown): Promise<ScheduledSession> {
  requirePermission(ctx, WRITE);
  const data = parseInput(scheduledSessionInput, input);
  const id = await ctx.tdb.write(async (tx) => {
    const template = await templateOf(tx, ctx, data.session);
    await checkReferences(tx, data);
    const now = new Date();
    const row: Row = {
      ...newDocumentRow(now),
      workspaceId: await resolveWorkspace(tx, null),
      sessionTemplateId: template.id,
      datetime: data.datetime,
      locationId: data.location,
      reference: await nextReference(tx, template.referenceFormat, data.datetime, tenantTimeZone(ctx.tenant)),
      status: data.status ?? "SCHEDULED",
      assignedUserId: data.assignedUser,
      loginCode: await uniqueLoginCode(tx),
      options: optionsOf(data.options),
      // Left out: the template's defaults (issue 32).
      circuit: data.circuit === undefined ? (template.circuit ?? null) : data.circuit,
    };
    await tx.insert(scheduledSessions).values(row);
    if (data.participants?.length) await addEntries(tx, row, data.participants);
    return row.id;
  });
  return getScheduledSession(ctx, id);
}

/** Update: fields the input leaves out keep their value; `participants` replaces the list when given. */
export async function updateScheduledSession(ctx: Ctx, id: string, input: unknown): Promise<ScheduledSession> {
  requirePermission(ctx, WRITE);
  let removed: string[] = [];
  await ctx.tdb.write(async (tx) => {
    const current = await findScheduledRow(tx, id);
    const stored = {
      session: current.sessionTemplateId,
      datetime: current.datetime,
      location: current.locationId,
      assignedUser: current.assignedUserId,
      status: current.status,
      options: { ...DEFAULT_OPTIONS, ...current.options },
      circuit: current.circuit ?? null,
    };
    const data = parseInput(scheduledSessionInput, mergeUpdateInput(stored, input, ["options", "circuit"]));
    // A running circuit keeps its clock: its settings change only before it starts.
    if (
      current.status !== "SCHEDULED" &&
      JSON.stringify(data.circuit ?? null) !== JSON.stringify(current.circuit ?? null)
    )
      throw fieldError("circuit", "scheduling:validation.circuit-locked");
    if (data.session !== current.sessionTemplateId) await templateOf(tx, ctx, data.session);
    // Nothing a participant did may be lost by an edit: entries that hold answers, progress or
    // overrides keep their participant and their evaluations.
    const currentEntries = await entriesOf(tx, [id]);
    const withData = await entriesWithData(tx, currentEntries);
    const started = currentEntries.filter((e) => withData.has(e.id));
    if (started.length && data.session !== current.sessionTemplateId) {
      throw badRequest({ session: { key: "scheduling:validation.template-locked" } });
    }
    const leavingStarted = data.participants
      ? started.filter((e) => !data.participants!.includes(e.participantId))
      : [];
    if (leavingStarted.length) {
      const names = await tx
        .select({ name: participants.name })
        .from(participants)
        .where(
          inArray(
            participants.id,
            leavingStarted.map((e) => e.participantId),
          ),
        )
        .all();
      throw badRequest({
        participants: {
          key: "scheduling:validation.participant-started",
          values: { names: names.map((n) => n.name).join(", ") },
        },
      });
    }
    await checkReferences(tx, data);
    const status = data.status ?? current.status;
    // Only forward changes (status-transitions.ts): a closed session never reopens, so its login
    // code, which another session may have got since, never comes back into use.
    assertStatusTransition(current.status, status);
    const next: Row = {
      ...current,
      sessionTemplateId: data.session,
      datetime: data.datetime,
      locationId: data.location,
      assignedUserId: data.assignedUser,
      status,
      options: optionsOf(data.options, { ...DEFAULT_OPTIONS, ...current.options }),
      circuit: data.circuit ?? null,
      updatedAt: new Date(),
      rev: current.rev + 1,
    };
    await tx.update(scheduledSessions).set(next).where(eq(scheduledSessions.id, id));
    if (data.session !== current.sessionTemplateId) {
      // Another template: every order starts again from the rotation of the new evaluations.
      const template = await tx
        .select({ evaluationIds: sessionTemplates.evaluationIds })
        .from(sessionTemplates)
        .where(eq(sessionTemplates.id, data.session))
        .get();
      const list = await entriesOf(tx, [id]);
      const evals = template?.evaluationIds ?? [];
      for (const [i, e] of list.entries()) {
        await tx
          .update(entries)
          .set({
            sessionOrder: rotation(evals, evals.length ? i % evals.length : 0),
            updatedAt: new Date(),
            rev: e.rev + 1,
          })
          .where(eq(entries.id, e.id));
      }
    }
    if (data.participants) {
      const wanted = new Set(data.participants);
      const list = await entriesOf(tx, [id]);
      const gone = list.filter((e) => !wanted.has(e.participantId));
      if (gone.length)
        await tx.delete(entries).where(
          inArray(
            entries.id,
            gone.map((e) => e.id),
          ),
        );
      removed = gone.map((e) => e.participantId);
      await addEntries(tx, { ...next }, data.participants);
    }
  });
  // Participants taken off the session lose its room (ADR 0030).
  await revokeParticipantTokens(ctx.tdb, id, removed);
  return getScheduledSession(ctx, id);
}

export async function cancelScheduledSession(ctx: Ctx, id: string): Promise<ScheduledSession> {
  return updateScheduledSession(ctx, id, { status: "CANCELED" });
}

export type RemoveScheduledResult =
  | { __typename: "RemoveResult"; id: string }
  | { __typename: "RemoveConfirmation"; references: Array<Reference & { canBeSafelyRemoved: boolean }> };

/** Entries a participant or the live run left something on: answers, progress, overrides or a start. */
export async function entriesWithData(db: Reader, list: EntryRow[]): Promise<Set<string>> {
  const ids = list.map((e) => e.id);
  const withData = new Set(list.filter((e) => !!e.sessionStart).map((e) => e.id));
  if (ids.length === 0) return withData;
  for (const table of [liveAnswers, liveOverrides, liveProgress]) {
    const rows = await db
      .selectDistinct({ entryId: table.entryId })
      .from(table)
      .where(inArray(table.entryId, ids))
      .all();
    for (const r of rows) withData.add(r.entryId);
  }
  return withData;
}

/**
 * `removeScheduledSession(id, removeReferences)`: with participant entries, corrections or session
 * reports hanging on it and not all of them listed in `removeReferences`, nothing changes and the
 * answer lists them (corrections and reports never as safe to remove: they are an examiner's work
 * and a participant's result); otherwise the session and everything on it is removed.
 */
export async function removeScheduledSession(
  ctx: Ctx,
  id: string,
  removeReferences: string[] = [],
): Promise<RemoveScheduledResult> {
  requirePermission(ctx, WRITE);
  return ctx.tdb.write(async (tx) => {
    await findScheduledRow(tx, id);
    const list = await entriesOf(tx, [id]);
    const results = await resultsOn(tx, id);
    const allowed = new Set(removeReferences);
    if ([...list, ...results].some((e) => !allowed.has(e.id))) {
      const withData = await entriesWithData(tx, list);
      const people = await participantContacts(
        tx,
        list.map((e) => e.participantId),
      );
      return {
        __typename: "RemoveConfirmation" as const,
        references: [
          ...list.map((e) => ({
            id: e.id,
            title: people.get(e.participantId)?.name ?? e.participantId,
            type: "ScheduledSessionParticipantEntry",
            canBeSafelyRemoved: !withData.has(e.id),
          })),
          ...results.map((r) => ({
            id: r.id,
            title: people.get(r.participantId)?.name ?? r.participantId,
            type: r.type,
            canBeSafelyRemoved: false,
          })),
        ],
      };
    }
    await tx.delete(entries).where(eq(entries.scheduledSessionId, id));
    await tx.delete(scheduledSessions).where(eq(scheduledSessions.id, id));
    return { __typename: "RemoveResult" as const, id };
  });
}

/** The corrections and session reports made for a scheduled session's participants. */
async function resultsOn(db: Reader, scheduledSessionId: string) {
  const [correctionRows, reportRows] = await Promise.all([
    db
      .select({ id: corrections.id, participantId: corrections.participantId })
      .from(corrections)
      .where(eq(corrections.scheduledSessionId, scheduledSessionId))
      .all(),
    db
      .select({ id: sessionReports.id, participantId: sessionReports.participantId })
      .from(sessionReports)
      .where(eq(sessionReports.scheduledSessionId, scheduledSessionId))
      .all(),
  ]);
  return [
    // A correction is named by its API id (scheduled session and participant), as clients read it.
    ...correctionRows.map((r) => ({
      id: correctionId(scheduledSessionId, r.participantId),
      participantId: r.participantId,
      type: "ScheduledSessionParticipantCorrection",
    })),
    ...reportRows.map((r) => ({ ...r, type: "SessionReport" })),
  ];
}

/** Evaluation names of a template order (for grids and e-mails). */
export async function evaluationNames(db: Reader, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: evaluations.id, name: evaluations.name })
    .from(evaluations)
    .where(inArray(evaluations.id, [...new Set(ids)]))
    .all();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/**
 * How long a session of these evaluations takes, in seconds: every participant takes every
 * evaluation, so the session lasts the sum of all their questions' maxTime (a question counted
 * once per evaluation that holds it).
 */
export async function plannedSeconds(db: Reader, evaluationIds: string[]): Promise<number> {
  if (evaluationIds.length === 0) return 0;
  const evals = await db
    .select({ id: evaluations.id, questionIds: evaluations.questionIds })
    .from(evaluations)
    .where(inArray(evaluations.id, [...new Set(evaluationIds)]))
    .all();
  const questionIds = [...new Set(evals.flatMap((e) => e.questionIds))];
  if (questionIds.length === 0) return 0;
  const times = new Map(
    (
      await db
        .select({ id: questions.id, maxTime: questions.maxTime })
        .from(questions)
        .where(inArray(questions.id, questionIds))
        .all()
    ).map((q) => [q.id, q.maxTime]),
  );
  const byEvaluation = new Map(
    evals.map((e) => [e.id, e.questionIds.reduce((sum, q) => sum + (times.get(q) ?? 0), 0)]),
  );
  return evaluationIds.reduce((sum, id) => sum + (byEvaluation.get(id) ?? 0), 0);
}

// ---------------------------------------------------------------------------------------------
// What still uses locations, participants and session templates.

/** Scheduled sessions use locations, participants and session templates. Called once at start-up (registerReferenceChecks). */
export function registerSchedulingReferenceFinders(): void {
  registerReferenceFinder("Location", async (db, ids) => {
    const rows = await db.select().from(scheduledSessions).where(inArray(scheduledSessions.locationId, ids)).all();
    return rows.map((r) => ({ id: r.id, title: r.reference, type: "ScheduledSession" }));
  });
  registerReferenceFinder("Session", async (db, ids) => {
    const rows = await db
      .select()
      .from(scheduledSessions)
      .where(inArray(scheduledSessions.sessionTemplateId, ids))
      .all();
    return rows.map((r) => ({ id: r.id, title: r.reference, type: "ScheduledSession" }));
  });
  registerReferenceFinder("Participant", async (db, ids) => {
    const rows = await db
      .select({ id: scheduledSessions.id, reference: scheduledSessions.reference })
      .from(entries)
      .innerJoin(scheduledSessions, eq(scheduledSessions.id, entries.scheduledSessionId))
      .where(inArray(entries.participantId, ids))
      .all();
    return rows.map((r) => ({ id: r.id, title: r.reference, type: "ScheduledSession" }));
  });
}
