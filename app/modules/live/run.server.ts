import { and, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { scheduledSessionParticipantEntries as entries, scheduledSessions, supplyObjects } from "~db/tenant/schema";
import { LIVE_RUN_WRITE, type TenantTx } from "~db/tenant/client";
import { AppError } from "~/lib/app-error";
import { requirePermission, type Ctx } from "~/lib/context.server";
import { fieldError, parseInput } from "~/lib/parse-input";
import { isHelpRequested, isSessionPaused } from "./clock";
import { publishLive, type LiveEvent } from "./events.server";
import { screenClockOf, type LivePatch } from "./live-patch";
import { entriesFacts, entryStates, findSession, loadPlan, stateOf } from "./plan.server";
import type { EntryRow, EntryState, RunPlan, SessionRow } from "./plan.server";
import { appendOverrides, bumpEntries, closeOpenSections, openSectionRows, type OverrideRow } from "./progress.server";
import { keepAfterCommit, keptSessionBeforeWrite, sessionEntryFacts, type KeptEntry } from "./live-entry.server";
import { answerCounts, loadLiveData } from "./store.server";
import { forgetLiveSession, markLiveSessionServed, outagesGivenBack, type OutageGiven } from "./outage.server";
import { roomPresence, type RealtimeConnection, realtimeTokenFor } from "~/modules/realtime/index.server";
import { isEvaluationDone, nextEvaluation, nextSectionIn, openSection, type ParticipantStatus } from "./status";
import { assertStatusTransition, MAX_SESSION_PARTICIPANTS } from "~/modules/scheduling";

// Staff side of the live run: start, complete, live overrides, unlock, the dashboard read model.
// Every change: one write-queue transaction, then a best-effort publish to the room.

export const RUN = "run:sessions" as const;
export const READ = "read:admin" as const;

const entriesOfSession = (tx: TenantTx, sessionId: string) =>
  tx.select().from(entries).where(eq(entries.scheduledSessionId, sessionId)).all();

function requireOngoing(session: SessionRow): void {
  if (session.status !== "ONGOING")
    throw new AppError("BAD_REQUEST", "live_session_not_ongoing", { values: { status: session.status } });
}

async function setSessionStatus(
  tx: TenantTx,
  session: SessionRow,
  status: SessionRow["status"],
  at: Date,
): Promise<number> {
  assertStatusTransition(session.status, status, { change: true });
  const rev = session.rev + 1;
  await tx.update(scheduledSessions).set({ status, rev, updatedAt: at }).where(eq(scheduledSessions.id, session.id));
  return rev;
}

/** Opens the first unfinished section of an evaluation; false when it has none left. */
async function openEvaluation(
  tx: TenantTx,
  plan: RunPlan,
  entry: Pick<KeptEntry, "entry" | "live">,
  evaluation: string,
  at: Date,
): Promise<boolean> {
  const section = nextSectionIn(
    {
      evaluations: plan.evaluations,
      wholeEvaluations: plan.options.allQuestionsInEvaluationShownByDefault,
      progress: entry.live.progress,
    },
    evaluation,
  );
  if (section === undefined) return false;
  await openSectionRows(tx, [{ entryId: entry.entry.id, evaluation, question: section }], at);
  return true;
}

/** `live`: what changed on the participant's screen, when the event can carry it (live-patch.ts). */
const entryEvent = (entry: EntryRow, revision: number, reason: string, live?: LivePatch): LiveEvent => ({
  type: "entry.changed",
  participantId: entry.participantId,
  payload: { participantId: entry.participantId, revision, reason, ...(live ? { live } : {}) },
});

/** The entry's inputs once `row` is appended to its overrides (what the staff action just wrote). */
function withOverride(input: KeptEntry, row: OverrideRow): KeptEntry {
  const override = {
    overrideType: row.overrideType,
    datetime: row.datetime,
    evaluation: row.evaluation ?? null,
    question: row.question ?? null,
    value: { numericValue: row.numericValue ?? null, textValue: row.textValue ?? null },
  };
  return { ...input, live: { ...input.live, overrides: [...input.live.overrides, override] } };
}

const stateOfInput = (plan: RunPlan, input: KeptEntry, now: Date): EntryState =>
  stateOf(plan, input.entry, input.live, input.extraTimePercent, input.assessmentComplete, now);

/**
 * What the entries' states are computed from (without answers): what was kept
 * (keptSessionBeforeWrite) where given, the others read in the transaction. A staff action computes
 * a state (its clock replays the override log) only where it needs one: at 1,000 participants the
 * clocks were half of a "pause all".
 */
async function entryInputs(tx: TenantTx, rows: EntryRow[], kept: readonly KeptEntry[] | null): Promise<KeptEntry[]> {
  const byId = new Map((kept ?? []).map((k) => [k.entry.id, k]));
  const unread = rows.filter((row) => !byId.has(row.id));
  const read = unread.length ? await entriesFacts(tx, unread) : new Map<string, Omit<KeptEntry, "entry">>();
  return rows.map((entry) => {
    const k = byId.get(entry.id);
    return k ? { ...k, entry } : { entry, ...read.get(entry.id)! };
  });
}

/** The rows of these participants' entries in the session (those a staff action could not take as kept). */
const entryRowsOf = (tx: TenantTx, sessionId: string, participantIds: string[]) =>
  participantIds.length
    ? tx
        .select()
        .from(entries)
        .where(and(eq(entries.scheduledSessionId, sessionId), inArray(entries.participantId, participantIds)))
        .all()
    : Promise.resolve([]);

/**
 * SCHEDULED → ONGOING; every participant's clock starts on their first evaluation. Answered as the
 * scheduled session by scheduling's `startScheduledSession` (scheduling builds on live, not back).
 */
export async function startSessionRun(ctx: Ctx, id: string): Promise<void> {
  requirePermission(ctx, RUN);
  const { revision, events } = await ctx.tdb.write(async (tx) => {
    const now = new Date();
    const session = await findSession(tx, id);
    const revision = await setSessionStatus(tx, session, "ONGOING", now);
    const plan = await loadPlan(tx, { ...session, status: "ONGOING" });
    // A statement each for all entries (a room of 1,000 was 3,000 statements, 124 ms).
    const states = await entryStates(tx, plan, await entriesOfSession(tx, id), now, { answers: false });
    await tx.update(entries).set({ sessionStart: now }).where(eq(entries.scheduledSessionId, id));
    const sections = states.flatMap((state) => {
      const first = openSection(state.live.progress) ? null : nextEvaluation(state.facts);
      const section = first ? nextSectionIn(state.facts, first) : undefined;
      return first && section !== undefined ? [{ entryId: state.entry.id, evaluation: first, question: section }] : [];
    });
    await openSectionRows(tx, sections, now);
    const revisions = await bumpEntries(
      tx,
      states.map((state) => state.entry.id),
      now,
    );
    return {
      revision,
      events: states.map((state) => entryEvent(state.entry, revisions.get(state.entry.id)!, "started")),
    };
  }, LIVE_RUN_WRITE);
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
  const revision = await ctx.tdb.write(async (tx) => {
    const now = new Date();
    const session = await findSession(tx, id);
    const revision = await setSessionStatus(tx, session, "COMPLETED", now);
    const ids = (await entriesOfSession(tx, id)).map((entry) => entry.id);
    await closeOpenSections(tx, ids, now);
    await bumpEntries(tx, ids, now);
    return revision;
  }, LIVE_RUN_WRITE);
  await forgetLiveSession(ctx.tenant.slug, id).catch((error: unknown) =>
    console.error(`[live] could not record ${id} as ended`, error),
  );
  await publishLive(ctx, id, [{ type: "session.completed", payload: { status: "COMPLETED", revision } }]);
}

/** The most extra time one EXTEND_TIME override gives: a day. */
export const MAX_EXTEND_SECONDS = 86_400;

export const LIVE_OVERRIDE_TYPES = [
  "EXTEND_TIME",
  "SESSION_PAUSE",
  "SESSION_RESUME",
  "HELP_REQUEST_RESOLVED",
  "OPEN_EVALUATION",
] as const;

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
  let keepStates: (() => void) | undefined;
  // Taken right before the write starts (no await between): see keptSessionBeforeWrite.
  const kept = keptSessionBeforeWrite(ctx.tdb, sessionId);
  const events = await ctx.tdb.write(
    async (tx) => {
      const now = new Date();
      const session = await findSession(tx, sessionId);
      requireOngoing(session);
      const plan = await loadPlan(tx, session);
      if (override.evaluation && !plan.evaluations.has(override.evaluation))
        throw new AppError("NOT_FOUND", "evaluation_not_found");
      const keptNow = kept?.current() ?? null;
      const all = keptNow
        ? [...keptNow.entries.map((k) => k.entry), ...(await entryRowsOf(tx, sessionId, keptNow.unread))]
        : await entriesOfSession(tx, sessionId);
      const chosen = participantIds === null ? all : participantIds.map((p) => all.find((e) => e.participantId === p));
      if (chosen.some((e) => !e)) throw new AppError("NOT_FOUND", "scheduled_session_participant_entry_not_found");
      const inputs = await entryInputs(tx, chosen as EntryRow[], keptNow?.entries ?? null);
      const changed: { input: KeptEntry; override: OverrideRow }[] = [];
      const named = participantIds !== null;
      for (const input of inputs) {
        // Synchronous but for opening an evaluation: a thousand awaits were a tenth of a "pause all".
        const row =
          override.overrideType === "OPEN_EVALUATION"
            ? await openFor(tx, plan, input, override, now, named)
            : overrideFor(plan, input, override, now, named);
        if (row) changed.push({ input, override: row });
      }
      await appendOverrides(
        tx,
        changed.map((c) => ({ entryId: c.input.entry.id, override: c.override })),
      );
      const revisions = await bumpEntries(
        tx,
        changed.map((c) => c.input.entry.id),
        now,
      );
      // Opening an evaluation changes the questions (and the progress): that screen reloads. Every
      // other override changes only the clock and the status: the event carries them, and the
      // participants' kept states become these, so their next saves read nothing.
      if (override.overrideType === "OPEN_EVALUATION") {
        return changed.map(({ input }) =>
          entryEvent(input.entry, revisions.get(input.entry.id)!, override.overrideType),
        );
      }
      const after = new Map(changed.map(({ input, override: row }) => [input.entry.id, withOverride(input, row)]));
      keepStates = keepAfterCommit(
        ctx.tdb,
        session,
        inputs.map((input) => after.get(input.entry.id) ?? input),
        participantIds === null,
      );
      return changed.map(({ input }) => {
        const revision = revisions.get(input.entry.id)!;
        return entryEvent(input.entry, revision, override.overrideType, {
          revision,
          ...screenClockOf(stateOfInput(plan, after.get(input.entry.id)!, now), now),
        });
      });
    },
    { ...LIVE_RUN_WRITE, ahead: true, afterCommit: () => keepStates?.() },
  );
  await publishLive(ctx, sessionId, events);
}

/** The override to record for one entry, or null when it changes nothing there (OPEN_EVALUATION: see openFor). */
function overrideFor(plan: RunPlan, input: KeptEntry, o: OverrideInput, now: Date, named: boolean): OverrideRow | null {
  const overrides = input.live.overrides;
  const current = openSection(input.live.progress);
  const base = {
    datetime: now,
    evaluation: o.evaluation ?? current?.evaluation ?? null,
    question: o.question ?? current?.question ?? null,
  };
  switch (o.overrideType) {
    case "SESSION_PAUSE":
      if (isSessionPaused(overrides, now)) return null;
      return { ...base, overrideType: "SESSION_PAUSE" };
    case "SESSION_RESUME":
      if (!isSessionPaused(overrides, now)) return null;
      return { ...base, overrideType: "SESSION_RESUME" };
    case "HELP_REQUEST_RESOLVED":
      if (!isHelpRequested(overrides, now)) return null;
      return { ...base, overrideType: "HELP_REQUEST_RESOLVED" };
    case "EXTEND_TIME": {
      // For the section named, else the participant's current one (a whole evaluation: question null).
      const evaluation = o.evaluation ?? current?.evaluation;
      if (!evaluation) {
        if (named) throw fieldError("evaluation", "live:override.no-current-section");
        return null;
      }
      const question = plan.options.allQuestionsInEvaluationShownByDefault
        ? null
        : (o.question ?? (current?.evaluation === evaluation ? current.question : null));
      if (!plan.options.allQuestionsInEvaluationShownByDefault && !question)
        throw fieldError("question", "validation:required");
      // Without time limits there is no deadline to move: refused for one named, skipped among all (ADR 0031).
      if (!plan.evaluations.get(evaluation)?.enableTimer) {
        if (named)
          throw new AppError("BAD_REQUEST", "live_no_time_limit", {
            values: { evaluation: plan.evaluations.get(evaluation)?.name ?? "" },
          });
        return null;
      }
      return {
        overrideType: "EXTEND_TIME",
        datetime: now,
        evaluation,
        question,
        numericValue: o.value?.numericValue ?? 0,
      };
    }
    case "OPEN_EVALUATION":
      throw new Error("OPEN_EVALUATION writes progress: openFor records it");
  }
}

/** OPEN_EVALUATION for one entry: opens the evaluation's next section, and the override to record (null when none is left). */
async function openFor(
  tx: TenantTx,
  plan: RunPlan,
  input: KeptEntry,
  o: OverrideInput,
  now: Date,
  named: boolean,
): Promise<OverrideRow | null> {
  const evaluation = o.evaluation!;
  if (!(await openEvaluation(tx, plan, input, evaluation, now))) {
    if (named) throw new AppError("BAD_REQUEST", "live_nothing_to_open");
    return null;
  }
  return { overrideType: "OPEN_EVALUATION", datetime: now, evaluation, question: null };
}

/**
 * After an unlock every unlocked screen reloads its state and starts on its new questions. At
 * 1,000 participants that was hundreds of state reads and thousands of saves within a few hundred
 * milliseconds, which held every other participant's saves for a quarter of a second. So each
 * event names when its screen should reload, two milliseconds apart per participant (about what
 * the app spends on one participant's reload and first answers), at most two seconds after the
 * unlock (docs/benchmarks.md).
 */
const UNLOCK_RELOAD_SPACING_MS = 2;
const UNLOCK_RELOAD_SPREAD_MAX_MS = 2_000;

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
  let keepStates: (() => void) | undefined;
  // Taken right before the write starts (no await between): see keptSessionBeforeWrite.
  const kept = keptSessionBeforeWrite(ctx.tdb, sessionId);
  const { unlocked, events } = await ctx.tdb.write(
    async (tx) => {
      const now = new Date();
      const session = await findSession(tx, sessionId);
      requireOngoing(session);
      const plan = await loadPlan(tx, session);
      const keptNow = kept?.current() ?? null;
      const wanted = new Set(ids);
      const rows = keptNow
        ? [
            ...keptNow.entries.filter((k) => wanted.has(k.entry.participantId)).map((k) => k.entry),
            ...(await entryRowsOf(
              tx,
              sessionId,
              keptNow.unread.filter((p) => wanted.has(p)),
            )),
          ]
        : await entryRowsOf(tx, sessionId, [...wanted]);
      if (rows.length !== wanted.size) throw new AppError("NOT_FOUND", "scheduled_session_participant_entry_not_found");
      const inputs = await entryInputs(tx, rows, keptNow?.entries ?? null);
      const opened: { input: KeptEntry; state: EntryState; override: OverrideRow; section: string | null }[] = [];
      for (const input of inputs) {
        // Only someone in no section can be waiting: the others' clocks are not computed.
        if (openSection(input.live.progress)) continue;
        const state = stateOfInput(plan, input, now);
        if (state.status !== "waiting") continue;
        const next = nextEvaluation(state.facts);
        const section = next ? nextSectionIn(state.facts, next) : undefined;
        if (!next || section === undefined) continue;
        opened.push({
          input,
          state,
          section,
          override: { overrideType: "OPEN_EVALUATION", datetime: now, evaluation: next, question: null },
        });
      }
      // What openEvaluation does for one, for all of them at once.
      await openSectionRows(
        tx,
        opened.map((o) => ({ entryId: o.state.entry.id, evaluation: o.override.evaluation!, question: o.section })),
        now,
      );
      await appendOverrides(
        tx,
        opened.map((o) => ({ entryId: o.state.entry.id, override: o.override })),
      );
      const revisions = await bumpEntries(
        tx,
        opened.map((o) => o.state.entry.id),
        now,
      );
      if (keptNow) {
        // The opened entries' progress as written, their override appended: the whole session is
        // kept as it commits, so the burst of saves on the new questions reads nothing first.
        const progress = await loadLiveData(
          tx,
          opened.map((o) => o.state.entry.id),
          { answers: false, overrides: false },
        );
        const after = new Map(
          opened.map(
            ({ input, override: row }) =>
              [
                input.entry.id,
                withOverride(
                  { ...input, live: { ...input.live, progress: progress.get(input.entry.id)!.progress } },
                  row,
                ),
              ] as const,
          ),
        );
        keepStates = keepAfterCommit(
          ctx.tdb,
          session,
          inputs.map((input) => after.get(input.entry.id) ?? input),
          rows.length === keptNow.entries.length + keptNow.unread.length,
        );
      }
      const events = opened.map((o, i) => {
        const event = entryEvent(o.state.entry, revisions.get(o.state.entry.id)!, "unlocked");
        return {
          ...event,
          payload: {
            ...event.payload,
            reloadInMs: Math.min(i * UNLOCK_RELOAD_SPACING_MS, UNLOCK_RELOAD_SPREAD_MAX_MS),
          },
        };
      });
      return { unlocked: opened.map((o) => o.state.entry.participantId), events };
    },
    { ...LIVE_RUN_WRITE, ahead: true, afterCommit: () => keepStates?.() },
  );
  await publishLive(ctx, sessionId, events);
  return unlocked;
}

/** `getRealtimeToken(scheduledSession)` for staff: an admin socket (every event, presence). */
export async function staffRealtimeToken(ctx: Ctx, sessionId: string): Promise<RealtimeConnection> {
  requirePermission(ctx, READ);
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
};

const DASHBOARD_ROWS_PER_TURN = 200;
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** What the staff dashboard shows: every entry with its live state (READ may watch). */
export async function liveDashboard(ctx: Ctx, sessionId: string): Promise<Dashboard> {
  requirePermission(ctx, READ);
  const db = ctx.tdb.db;
  const now = new Date();
  const session = await findSession(db, sessionId);
  const plan = await loadPlan(db, session);
  const rows = await db
    .select()
    .from(entries)
    .where(eq(entries.scheduledSessionId, sessionId))
    .orderBy(entries.createdAt, entries.id)
    .all();
  // Progress and overrides as the participants' saves keep them; answers only counted.
  const [facts, counts, presence, people, outages] = await Promise.all([
    sessionEntryFacts(ctx.tdb, db, sessionId, rows),
    answerCounts(
      db,
      rows.map((r) => r.id),
    ),
    roomPresence({ tenant: ctx.tenant.slug, scheduledSessionId: sessionId }),
    rows.length
      ? db.query.participants.findMany({
          where: (p, { inArray: inA }) =>
            inA(
              p.id,
              rows.map((r) => r.participantId),
            ),
        })
      : Promise.resolve([]),
    outagesGivenBack(ctx.tdb, sessionId),
  ]);
  const person = new Map(people.map((p) => [p.id, p]));
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
