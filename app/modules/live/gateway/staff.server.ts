import { and, eq, inArray } from "drizzle-orm";
import { recordWebhookEvent } from "~/modules/webhooks/index.server";
import type { TenantDb, TenantTx } from "~db/tenant/client";
import { type Revision } from "~db/tenant/revision";
import { scheduledSessionParticipantEntries as entries, scheduledSessions } from "~db/tenant/schema";
import { AppError } from "~/lib/app-error";
import { fieldError } from "~/lib/parse-input";
import { assertStatusTransition } from "~/modules/scheduling";
import { isHelpRequested, isSessionPaused } from "../clock";
import type { LiveEvent } from "../events.server";
import { screenClockOf } from "../live-patch";
import {
  keptSessionEntries,
  planAt,
  sessionEntryInputs,
  type EntryInputs,
  type KeptChange,
} from "../live-state.server";
import { entriesOfSession, entryStates, findSession } from "../plan.server";
import type { EntryRow, EntryState, RunPlan } from "../plan.server";
import type { SessionRow } from "../plan.server";
import { appendOverrides, bumpEntries, closeOpenSections, openSectionRows, type OverrideRow } from "../progress.server";
import { nextEvaluation, nextSectionIn, openSection } from "../status";
import { systemOrigin, type AuditOrigin } from "~/modules/audit/index.server";
import { auditInputsChanged, auditSessionStatus } from "../audit-trail.server";
import { liveWrite, entryEvent, carriedView, withOverride, withProgressRead, stateOfInputs } from "./write.server";

// The live gateway's staff writes: a session's start and end, an override for some or all of its
// participants, an unlock of those who wait, and the time given back after an outage.

function requireOngoing(session: SessionRow): void {
  if (session.status !== "ONGOING")
    throw new AppError("BAD_REQUEST", "live_session_not_ongoing", { values: { status: session.status } });
}

/** Appends each entry's override and bumps those entries; answers each entry's new revision. */
async function appendOverridesOf(
  tx: TenantTx,
  rows: { entryId: string; override: OverrideRow }[],
  at: Date,
): Promise<Map<string, number>> {
  await appendOverrides(tx, rows);
  return bumpEntries(
    tx,
    rows.map((r) => r.entryId),
    at,
  );
}

/** The webhook event of each status a live write moves a session to. */
const STATUS_EVENTS = { ONGOING: "SCHEDULED_SESSION_STARTED", COMPLETED: "SCHEDULED_SESSION_COMPLETED" } as const;

/** Moves the session to `status` and records its webhook event; answers the session's new revision. */
async function setSessionStatus(
  tdb: TenantDb,
  tx: TenantTx,
  session: SessionRow,
  status: keyof typeof STATUS_EVENTS,
  at: Date,
): Promise<number> {
  assertStatusTransition(session.status, status, { change: true });
  const rev = session.rev + 1;
  await tx.update(scheduledSessions).set({ status, rev, updatedAt: at }).where(eq(scheduledSessions.id, session.id));
  await recordWebhookEvent(tx, {
    tenant: tdb.slug,
    event: STATUS_EVENTS[status],
    data: { scheduledSession: session.id, reference: session.reference },
    now: at,
  });
  return rev;
}

/**
 * SCHEDULED → ONGOING; every participant's clock starts on their first evaluation. The session is
 * read again by its first screen (one read for all).
 */
export function writeSessionStart(
  tdb: TenantDb,
  sessionId: string,
  origin?: AuditOrigin,
): Promise<{ revision: number; events: LiveEvent[] }> {
  return liveWrite(tdb, "queued", async (tx, revision) => {
    const now = new Date();
    const session = await findSession(tx, sessionId);
    const sessionRevision = await setSessionStatus(tdb, tx, session, "ONGOING", now);
    const started = { ...session, status: "ONGOING" as const };
    const plan = await planAt(tdb, tx, revision, started);
    // A statement each for all entries (a room of 1,000 was 3,000 statements, 124 ms).
    const states = await entryStates(tx, plan, await entriesOfSession(tx, sessionId), now, { answers: false });
    await tx.update(entries).set({ sessionStart: now }).where(eq(entries.scheduledSessionId, sessionId));
    const sections = states.flatMap((state) => {
      const first = openSection(state.live.progress) ? null : nextEvaluation(state.facts);
      const section = first ? nextSectionIn(state.facts, first) : undefined;
      return first && section !== undefined ? [{ entryId: state.entry.id, evaluation: first, question: section }] : [];
    });
    await openSectionRows(tx, sections, now);
    await auditSessionStatus(tx, origin, sessionId, session.status, "ONGOING", states.length, now);
    const revisions = await bumpEntries(
      tx,
      states.map((state) => state.entry.id),
      now,
    );
    return {
      value: {
        revision: sessionRevision,
        events: states.map((state) => entryEvent(state.entry, revisions.get(state.entry.id)!, "started")),
      },
      keep: [{ drop: sessionId }],
    };
  });
}

/** ONGOING → COMPLETED; open sections end now, answers stay. Answers the session's new revision. */
export function writeSessionComplete(tdb: TenantDb, sessionId: string, origin?: AuditOrigin): Promise<number> {
  return liveWrite(tdb, "queued", async (tx) => {
    const now = new Date();
    const session = await findSession(tx, sessionId);
    const revision = await setSessionStatus(tdb, tx, session, "COMPLETED", now);
    const ids = (await entriesOfSession(tx, sessionId)).map((entry) => entry.id);
    await closeOpenSections(tx, ids, now);
    await auditSessionStatus(tx, origin, sessionId, session.status, "COMPLETED", ids.length, now);
    await bumpEntries(tx, ids, now);
    return { value: revision, keep: [{ drop: sessionId }] };
  });
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

export type StaffOverride = {
  overrideType: (typeof LIVE_OVERRIDE_TYPES)[number];
  evaluation?: string | null;
  question?: string | null;
  value?: { numericValue?: number | null; textValue?: string | null } | null;
};

/**
 * The rows of the session's entries (all, or these participants'), with their inputs: from what
 * is kept at `revision` when the whole session is (nothing read), else read in the transaction (a
 * staff action's read of every entry's overrides grows all day: ADR 0023).
 */
async function sessionInputs(
  tdb: TenantDb,
  tx: TenantTx,
  sessionId: string,
  participantIds: readonly string[] | null,
  revision: Revision,
): Promise<{ all: boolean; inputs: EntryInputs[] }> {
  const kept = await keptSessionEntries(tdb, tx, sessionId, revision);
  const named = participantIds && [...new Set(participantIds)];
  const wanted = named && new Set(named);
  let rows: EntryRow[];
  if (kept) rows = kept.map((k) => k.entry).filter((e) => !wanted || wanted.has(e.participantId));
  else if (wanted)
    rows = wanted.size
      ? await tx
          .select()
          .from(entries)
          .where(and(eq(entries.scheduledSessionId, sessionId), inArray(entries.participantId, [...wanted])))
          .all()
      : [];
  else rows = await entriesOfSession(tx, sessionId);
  if (wanted && rows.length !== wanted.size)
    throw new AppError("NOT_FOUND", "scheduled_session_participant_entry_not_found");
  const byParticipant = new Map(rows.map((r) => [r.participantId, r]));
  const ordered = named ? named.map((p) => byParticipant.get(p)!) : rows;
  const read = await sessionEntryInputs(tdb, tx, sessionId, ordered, revision);
  return { all: !wanted, inputs: ordered.map((row) => read.get(row.id)!) };
}

/**
 * Applies one live override to some (participantIds) or all (null) entries of an ONGOING session.
 * Pause, resume and resolve only apply where they change something, so "pause all" twice is harmless.
 */
export function writeOverride(
  tdb: TenantDb,
  sessionId: string,
  participantIds: string[] | null,
  override: StaffOverride,
  origin?: AuditOrigin,
): Promise<LiveEvent[]> {
  // Opening an evaluation moves the participants to other questions: the saves sent before it
  // are stored first.
  const lane = override.overrideType === "OPEN_EVALUATION" ? "queued" : "first";
  return liveWrite(tdb, lane, async (tx, revision) => {
    const now = new Date();
    const session = await findSession(tx, sessionId);
    requireOngoing(session);
    const plan = await planAt(tdb, tx, revision, session);
    if (override.evaluation && !plan.evaluations.has(override.evaluation))
      throw new AppError("NOT_FOUND", "evaluation_not_found");
    const { all, inputs } = await sessionInputs(tdb, tx, sessionId, participantIds, revision);
    const changed: { input: EntryInputs; override: OverrideRow }[] = [];
    const named = participantIds !== null;
    for (const input of inputs) {
      // Synchronous but for opening an evaluation: a thousand awaits were a tenth of a "pause all".
      const row =
        override.overrideType === "OPEN_EVALUATION"
          ? await openFor(tx, plan, input, override, now, named)
          : overrideFor(plan, input, override, now, named);
      if (row) changed.push({ input, override: row });
    }
    const revisions = await appendOverridesOf(
      tx,
      changed.map((c) => ({ entryId: c.input.entry.id, override: c.override })),
      now,
    );
    // The states as written: the override appended (and for an opened evaluation, the progress
    // read back). They are kept as the write commits, so the participants' next saves read nothing.
    let after = changed.map(({ input, override: row }) => withOverride(input, row));
    if (override.overrideType === "OPEN_EVALUATION") after = await withProgressRead(tx, after);
    const afterById = new Map(after.map((a) => [a.entry.id, a]));
    const audited = changed.map(({ input }) => ({ before: input, after: afterById.get(input.entry.id)! }));
    const states = await auditInputsChanged(tx, origin, plan, override.overrideType, audited, now, override.value);
    const keep: KeptChange[] = [
      { session, entries: inputs.map((input) => afterById.get(input.entry.id) ?? input), whole: all },
    ];
    // Opening an evaluation changes the questions (and the progress): that screen reloads. Every
    // other override changes only the clock and the status: the event carries them.
    if (override.overrideType === "OPEN_EVALUATION")
      return {
        value: changed.map(({ input }) =>
          entryEvent(input.entry, revisions.get(input.entry.id)!, override.overrideType),
        ),
        keep,
      };
    return {
      value: changed.map(({ input }) => {
        const rev = revisions.get(input.entry.id)!;
        return entryEvent(input.entry, rev, override.overrideType, {
          revision: rev,
          ...screenClockOf(states.get(input.entry.id)!, now),
        });
      }),
      keep,
    };
  });
}

/** The override to record for one entry, or null when it changes nothing there (OPEN_EVALUATION: see openFor). */
function overrideFor(
  plan: RunPlan,
  input: EntryInputs,
  o: StaffOverride,
  now: Date,
  named: boolean,
): OverrideRow | null {
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
  input: EntryInputs,
  o: StaffOverride,
  now: Date,
  named: boolean,
): Promise<OverrideRow | null> {
  const evaluation = o.evaluation!;
  const section = nextSectionIn(
    {
      evaluations: plan.evaluations,
      wholeEvaluations: plan.options.allQuestionsInEvaluationShownByDefault,
      progress: input.live.progress,
    },
    evaluation,
  );
  if (section === undefined) {
    if (named) throw new AppError("BAD_REQUEST", "live_nothing_to_open");
    return null;
  }
  await openSectionRows(tx, [{ entryId: input.entry.id, evaluation, question: section }], now);
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
 * Each listed participant who is waiting gets the next evaluation of their order (recorded as
 * OPEN_EVALUATION). Others are left as they are. Answers who was unlocked, and their events.
 */
export function writeUnlock(
  tdb: TenantDb,
  sessionId: string,
  participantIds: string[],
  origin?: AuditOrigin,
): Promise<{ unlocked: string[]; events: LiveEvent[] }> {
  return liveWrite(tdb, "first", async (tx, revision) => {
    const now = new Date();
    const session = await findSession(tx, sessionId);
    requireOngoing(session);
    const plan = await planAt(tdb, tx, revision, session);
    const { inputs } = await sessionInputs(tdb, tx, sessionId, participantIds, revision);
    const opened: { input: EntryInputs; state: EntryState; override: OverrideRow; section: string | null }[] = [];
    for (const input of inputs) {
      // Only someone in no section can be waiting: the others' clocks are not computed.
      if (openSection(input.live.progress)) continue;
      const state = stateOfInputs(plan, input, now);
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
    // What openFor does for one, for all of them at once.
    await openSectionRows(
      tx,
      opened.map((o) => ({ entryId: o.state.entry.id, evaluation: o.override.evaluation!, question: o.section })),
      now,
    );
    const revisions = await appendOverridesOf(
      tx,
      opened.map((o) => ({ entryId: o.state.entry.id, override: o.override })),
      now,
    );
    // The opened entries' progress as written, their override appended: kept as the write commits,
    // so the burst of saves on the new questions reads nothing first.
    const after = new Map(
      (
        await withProgressRead(
          tx,
          opened.map(({ input, override }) => withOverride(input, override)),
        )
      ).map((a) => [a.entry.id, a]),
    );
    const unlockedInputs = opened.map((o) => ({ before: o.input, after: after.get(o.input.entry.id)! }));
    const states = await auditInputsChanged(tx, origin, plan, "UNLOCK", unlockedInputs, now);
    const events = opened.map((o, i) => {
      const revision = revisions.get(o.state.entry.id)!;
      const event = entryEvent(o.state.entry, revision, "unlocked");
      return {
        ...event,
        payload: {
          ...event.payload,
          view: carriedView(plan, states.get(o.state.entry.id)!, revision, now),
          // A screen that cannot read the view (an older page) reloads, spread as before.
          reloadInMs: Math.min(i * UNLOCK_RELOAD_SPACING_MS, UNLOCK_RELOAD_SPREAD_MAX_MS),
        },
      };
    });
    return {
      value: { unlocked: opened.map((o) => o.state.entry.participantId), events },
      keep: [{ session, entries: inputs.map((i) => after.get(i.entry.id) ?? i), whole: false }],
    };
  });
}

/**
 * Gives back, to each participant of an ONGOING session, the time their clock ran between `from`
 * and `to` (outage.server.ts, ADR 0032), as EXTEND_TIME overrides marked `reason`. Null when the
 * session is no longer ongoing.
 */
export function writeTimeGivenBack(
  tdb: TenantDb,
  sessionId: string,
  from: Date,
  to: Date,
  reason: string,
): Promise<{ events: LiveEvent[]; seconds: number[] } | null> {
  return liveWrite(tdb, "queued", async (tx, revision) => {
    const session = await findSession(tx, sessionId).catch(() => null);
    if (!session || session.status !== "ONGOING") return { value: null };
    const plan = await planAt(tdb, tx, revision, session);
    const { inputs } = await sessionInputs(tdb, tx, sessionId, null, revision);
    const given: { input: EntryInputs; override: OverrideRow }[] = [];
    for (const input of inputs) {
      const before = stateOfInputs(plan, input, from);
      const after = stateOfInputs(plan, input, to);
      if (!before.clock || !before.current || before.clock.timeUp || before.clock.allowedMs === null || !after.clock)
        continue;
      const ranMs = after.clock.elapsedMs - before.clock.elapsedMs;
      if (ranMs <= 0) continue;
      const { evaluation, question } = before.current;
      given.push({
        input,
        override: {
          overrideType: "EXTEND_TIME",
          datetime: to,
          evaluation,
          question,
          numericValue: Math.ceil(ranMs / 1000),
          textValue: reason,
        },
      });
    }
    const revisions = await appendOverridesOf(
      tx,
      given.map((g) => ({ entryId: g.input.entry.id, override: g.override })),
      to,
    );
    const after = new Map(given.map(({ input, override }) => [input.entry.id, withOverride(input, override)]));
    const givenBack = given.map((g) => ({ before: g.input, after: after.get(g.input.entry.id)! }));
    await auditInputsChanged(tx, systemOrigin(reason), plan, "EXTEND_TIME", givenBack, to, {
      numericValue: null,
      textValue: reason,
    });
    // Each screen gets its new clock in the event (no reload), as after a staff extension.
    const events: LiveEvent[] = given.map(({ input }) => {
      const rev = revisions.get(input.entry.id)!;
      const state = stateOfInputs(plan, after.get(input.entry.id)!, to);
      return entryEvent(input.entry, rev, reason, { revision: rev, ...screenClockOf(state, to) });
    });
    return {
      value: { events, seconds: given.map((g) => g.override.numericValue!) },
      keep: [{ session, entries: inputs.map((i) => after.get(i.entry.id) ?? i), whole: true }],
    };
  });
}
