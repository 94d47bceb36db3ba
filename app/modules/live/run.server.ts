import { eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { scheduledSessionParticipantEntries as entries, supplyObjects } from "~db/tenant/schema";
import { sharedRevision } from "~db/tenant/revision";
import { sharedRuns } from "~db/shared-run";
import { AppError } from "~/lib/app-error";
import { yieldToEventLoop } from "~/lib/event-loop";
import { requirePermission, type Ctx } from "~/lib/context.server";
import { parseInput } from "~/lib/parse-input";
import { isHelpRequested, isSessionPaused } from "./clock";
import { publishLive } from "./events.server";
import { sessionPauseChanged } from "./pause-listeners.server";
import {
  LIVE_OVERRIDE_TYPES,
  MAX_EXTEND_SECONDS,
  writeOverride,
  writeSessionComplete,
  writeSessionStart,
  writeUnlock,
} from "./gateway.server";
import { entryStates, findSession, loadPlan, stateOf } from "./plan.server";
import type { EntryState, SessionRow } from "./plan.server";
import { planAt, sessionEntryInputs } from "./live-state.server";
import { answerCounts } from "./store.server";
import { forgetLiveSession, markLiveSessionServed, outagesGivenBack, type OutageGiven } from "./outage.server";
import { roomPresence, type RealtimeConnection, realtimeTokenFor } from "~/modules/realtime/index.server";
import { isEvaluationDone, type ParticipantStatus } from "./status";
import { MAX_SESSION_PARTICIPANTS } from "~/modules/scheduling";
import { participantContacts } from "~/modules/databases/index.server";
import { auditOrigin } from "~/modules/audit/index.server";
import { sessionContacts, type ExaminerDevice } from "./devices.server";

// Staff side of the live run: start, complete, live overrides, unlock, the dashboard read model.
// Every change is written by the gateway (gateway.server.ts) in one transaction, then published to
// the room, best effort.

export const RUN = "run:sessions" as const;
export const READ = "read:admin" as const;

export { LIVE_OVERRIDE_TYPES, MAX_EXTEND_SECONDS } from "./gateway.server";

/**
 * SCHEDULED → ONGOING; every participant's clock starts on their first evaluation. Answered as the
 * scheduled session by scheduling's `startScheduledSession` (scheduling builds on live, not back).
 */
export async function startSessionRun(ctx: Ctx, id: string): Promise<void> {
  requirePermission(ctx, RUN);
  const { revision, events } = await writeSessionStart(ctx.tdb, id, auditOrigin(ctx));
  // From now on an outage of the app is given back to the running clocks (outage.server.ts). The
  // session has started whatever happens here: a failed stamp is logged, not answered.
  await markLiveSessionServed(ctx.tenant.slug, id).catch((error: unknown) =>
    console.error(`[live] could not record ${id} as running`, error),
  );
  await publishLive(ctx, id, [{ type: "session.started", payload: { status: "ONGOING", revision } }, ...events]);
}

/** ONGOING → COMPLETED; open sections end now, answers stay (scheduling's `completeScheduledSession`). */
export async function completeSessionRun(ctx: Ctx, id: string): Promise<void> {
  requirePermission(ctx, RUN);
  const revision = await writeSessionComplete(ctx.tdb, id, auditOrigin(ctx));
  await forgetLiveSession(ctx.tenant.slug, id).catch((error: unknown) =>
    console.error(`[live] could not record ${id} as ended`, error),
  );
  await publishLive(ctx, id, [{ type: "session.completed", payload: { status: "COMPLETED", revision } }]);
}

/** `override: OverrideInput { overrideType, evaluation, question, value { numericValue textValue } }`. */
export const overrideInput = z
  .object({
    overrideType: z.enum(LIVE_OVERRIDE_TYPES, {
      required_error: "validation:required",
      invalid_type_error: "validation:invalid-choice",
    }),
    evaluation: z.string().trim().min(1).max(100).nullish(),
    question: z.string().trim().min(1).max(100).nullish(),
    value: z
      .object({ numericValue: z.number().finite().nullish(), textValue: z.string().max(1000).nullish() })
      .nullish(),
  })
  .superRefine((o, issue) => {
    const seconds = o.value?.numericValue;
    // Extra time in whole seconds: at least one, at most a day (0.0001 s was no extension at all).
    if (
      o.overrideType === "EXTEND_TIME" &&
      !(Number.isInteger(seconds) && seconds! >= 1 && seconds! <= MAX_EXTEND_SECONDS)
    ) {
      issue.addIssue({ code: "custom", path: ["value", "numericValue"], message: "validation:extend-seconds" });
    }
    if (o.overrideType === "OPEN_EVALUATION" && !o.evaluation)
      issue.addIssue({ code: "custom", path: ["evaluation"], message: "validation:required" });
  });
export type OverrideInput = z.infer<typeof overrideInput>;

/**
 * Applies one live override to some (participantIds) or all (null) entries of an ONGOING session.
 * Pause, resume and resolve only apply where they change something, so "pause all" twice is harmless.
 */
export async function applyLiveOverride(
  ctx: Ctx,
  sessionId: string,
  participantIds: string[] | null,
  input: unknown,
): Promise<void> {
  requirePermission(ctx, RUN);
  const override = parseInput(overrideInput, input);
  const events = await writeOverride(ctx.tdb, sessionId, participantIds, override, auditOrigin(ctx));
  await publishLive(ctx, sessionId, events);
  if (
    participantIds === null &&
    (override.overrideType === "SESSION_PAUSE" || override.overrideType === "SESSION_RESUME")
  )
    await sessionPauseChanged(ctx, sessionId, override.overrideType === "SESSION_PAUSE");
}

/**
 * `unlockWaitingParticipants(participants, scheduledSessionId)`: each listed participant who is
 * waiting gets the next evaluation of their order (recorded as OPEN_EVALUATION). Others are left as they are.
 */
export async function unlockWaitingParticipants(
  ctx: Ctx,
  participantIds: string[],
  sessionId: string,
): Promise<string[]> {
  requirePermission(ctx, RUN);
  const ids = parseInput(z.array(z.string().trim().min(1).max(100)).max(MAX_SESSION_PARTICIPANTS), participantIds);
  const { unlocked, events } = await writeUnlock(ctx.tdb, sessionId, ids, auditOrigin(ctx));
  await publishLive(ctx, sessionId, events);
  return unlocked;
}

/** `getRealtimeToken(scheduledSession)` for staff: an admin socket (every event, presence). */
export async function staffRealtimeToken(ctx: Ctx, sessionId: string): Promise<RealtimeConnection> {
  if (ctx.actor.type === "ANONYMOUS") throw new AppError("UNAUTHORIZED", "unauthorized");
  // An account without the right to watch sessions may not join their rooms.
  if (ctx.actor.type !== "ADMIN" || !ctx.permissions.includes(READ))
    throw new AppError("FORBIDDEN", "realtime_auth_failed");
  const session = await findSession(ctx.tdb.db, sessionId);
  return realtimeTokenFor(ctx, session.id, "admin", ctx.actor.userId);
}

// ---- The dashboard read model ----

export type DashboardRow = {
  participantId: string;
  name: string;
  email: string;
  status: ParticipantStatus | null;
  ready: boolean;
  currentEvaluation: { id: string; name: string } | null;
  currentQuestion: { id: string; name: string } | null;
  remainingSeconds: number | null;
  deadline: Date | null;
  paused: boolean;
  helpRequested: boolean;
  /** From room presence; null when the room cannot be reached. */
  connected: boolean | null;
  lateSaves: number;
  answersSaved: number;
  evaluationsDone: number;
  evaluationsTotal: number;
  extraTimePercent: number;
  /** In a section of an evaluation without time limits: no deadline, nothing to extend (ADR 0031). */
  untimed: boolean;
  revision: number;
  /** The server's time of the participant's device's last request (null: none yet). */
  lastContactAt: Date | null;
  /** Answers the device said were still waiting on it, at its last report. */
  waitingOnDevice: number;
  /** Not heard of for more than a minute while the session runs and they are not done (devices.server.ts). */
  silent: boolean;
};

export type PreparationQuestion = { id: string; name: string; preparationInfo: unknown[]; supplies: string[] };
export type Dashboard = {
  scheduledSession: string;
  status: SessionRow["status"];
  revision: number;
  serverTime: Date;
  /** Room presence could be read. */
  presenceKnown: boolean;
  rows: DashboardRow[];
  /** Per evaluation (station): what its questions need, so staff can set up. */
  preparation: Array<{
    evaluation: string;
    name: string;
    questions: PreparationQuestion[];
    /** Its questions' time limits run (enableTimer). */ timed: boolean;
  }>;
  /** Times the server could not serve the session, given back to the running clocks (outage.server.ts). */
  outagesGivenBack: OutageGiven[];
  /** Examiners' tablets that reported during the session (devices.server.ts). */
  devices: ExaminerDevice[];
};

const DASHBOARD_ROWS_PER_TURN = 200;

/**
 * A session's dashboard is read once for the staff who ask at the same time (sharedRuns): after a
 * help request, say, every open dashboard of the room reloads at once (reload-policy.ts, ADR 0053).
 */
const dashboardReads = sharedRuns<string, Dashboard>();

/** What the staff dashboard shows: every entry with its live state (READ may watch). */
export async function liveDashboard(ctx: Ctx, sessionId: string): Promise<Dashboard> {
  requirePermission(ctx, READ);
  // The same for every staff member who may read it: shared by tenant and session.
  return dashboardReads(`${ctx.tenant.slug}\n${sessionId}`, () => readDashboard(ctx, sessionId));
}

async function readDashboard(ctx: Ctx, sessionId: string): Promise<Dashboard> {
  const db = ctx.tdb.db;
  const now = new Date();
  const revision = await sharedRevision(ctx.tdb);
  const session = await findSession(db, sessionId);
  const plan = await planAt(ctx.tdb, db, revision, session);
  const rows = await db
    .select()
    .from(entries)
    .where(eq(entries.scheduledSessionId, sessionId))
    .orderBy(entries.createdAt, entries.id)
    .all();
  const presenceRead = roomPresence({ tenant: ctx.tenant.slug, scheduledSessionId: sessionId });
  // Progress and overrides as the participants' saves keep them; answers only counted. Each of these
  // reads of a room of 1,000 holds the process's one thread 10-20 ms on an embedded file, and the
  // screen asks every second: one turn of the event loop each lets the saves meanwhile through (all
  // at once made one stall of about 100 ms a second, which made the room's save p95,
  // docs/benchmarks.md).
  const facts = await sessionEntryInputs(ctx.tdb, db, sessionId, rows, revision);
  await yieldToEventLoop();
  const counts = await answerCounts(
    db,
    rows.map((r) => r.id),
  );
  await yieldToEventLoop();
  const person = await participantContacts(
    db,
    rows.map((r) => r.participantId),
  );
  await yieldToEventLoop();
  const contacts = await sessionContacts(db, session, now);
  const [presence, outages] = await Promise.all([presenceRead, outagesGivenBack(ctx.tdb, sessionId)]);
  const online = new Set(presence?.clients.filter((c) => c.capability === "participant").map((c) => c.clientId) ?? []);
  const supplyIds = [...new Set([...plan.questions.values()].flatMap((q) => q.supplyIds))];
  const supplies = new Map(
    (supplyIds.length
      ? await db
          .select({ id: supplyObjects.id, name: supplyObjects.name })
          .from(supplyObjects)
          .where(inArray(supplyObjects.id, supplyIds))
          .all()
      : []
    ).map((s) => [s.id, s.name]),
  );
  // One object per evaluation and question, shared by every row on it: the page's data encoding
  // (turbo-stream) sends a shared object once and refers to it after.
  const refs = new Map<string, { id: string; name: string }>();
  const refOf = (item: { id: string; name: string } | undefined) => {
    if (!item) return null;
    let ref = refs.get(item.id);
    if (!ref) refs.set(item.id, (ref = { id: item.id, name: item.name }));
    return ref;
  };
  const dashboardRows: DashboardRow[] = [];
  for (const [i, entry] of rows.entries()) {
    // A room of 1,000 takes tens of milliseconds: let the saves that arrive meanwhile through.
    if (i > 0 && i % DASHBOARD_ROWS_PER_TURN === 0) await yieldToEventLoop();
    const f = facts.get(entry.id)!;
    const s = stateOf(plan, entry, f.live, f.extraTimePercent, f.assessmentComplete, now);
    const p = person.get(s.entry.participantId);
    dashboardRows.push({
      participantId: s.entry.participantId,
      name: p?.name ?? "",
      email: p?.email ?? "",
      status: s.status,
      ready: s.entry.ready,
      currentEvaluation: refOf(s.current ? plan.evaluations.get(s.current.evaluation) : undefined),
      currentQuestion: refOf(s.current?.question ? plan.questions.get(s.current.question) : undefined),
      remainingSeconds: s.clock?.remainingSeconds ?? null,
      deadline: s.clock?.deadline ?? null,
      paused: s.clock?.paused ?? isSessionPaused(s.live.overrides, now),
      helpRequested: isHelpRequested(s.live.overrides, now),
      connected: presence ? online.has(s.entry.participantId) : null,
      lateSaves: counts.get(s.entry.id)?.late ?? 0,
      answersSaved: counts.get(s.entry.id)?.saved ?? 0,
      evaluationsDone: s.facts.sessionOrder.filter((e) => isEvaluationDone(s.facts, e)).length,
      evaluationsTotal: s.facts.sessionOrder.length,
      extraTimePercent: s.facts.extraTimePercent,
      untimed: !!s.current && !plan.evaluations.get(s.current.evaluation)?.enableTimer,
      revision: s.entry.rev,
      ...contacts.participant(s),
    });
  }
  return {
    scheduledSession: session.id,
    status: session.status,
    revision: session.rev,
    serverTime: now,
    presenceKnown: presence !== null,
    rows: dashboardRows,
    outagesGivenBack: outages,
    devices: contacts.examiners(plan),
    preparation: plan.evaluationIds
      .map((id) => plan.evaluations.get(id))
      .filter((e) => !!e)
      .map((e) => ({
        evaluation: e.id,
        name: e.name,
        timed: e.enableTimer,
        questions: e.questionIds.map((q) => {
          const question = plan.questions.get(q)!;
          return {
            id: q,
            name: question.name,
            preparationInfo: question.preparationInfo,
            supplies: question.supplyIds.map((s) => supplies.get(s)).filter((n): n is string => !!n),
          };
        }),
      })),
  };
}

/** Live state per participant of a session (for the entry's status/remainingSeconds fields). */
export async function liveStatesOf(ctx: Ctx, sessionId: string): Promise<Map<string, EntryState>> {
  requirePermission(ctx, READ);
  const session = await findSession(ctx.tdb.db, sessionId);
  const plan = await loadPlan(ctx.tdb.db, session);
  const rows = await ctx.tdb.db.select().from(entries).where(eq(entries.scheduledSessionId, sessionId)).all();
  return new Map((await entryStates(ctx.tdb.db, plan, rows)).map((s) => [s.entry.participantId, s]));
}
