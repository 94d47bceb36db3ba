import { isHelpRequested, isSessionPaused, type ClockOverride, type ClockState } from "./clock";
import { PARTICIPANT_STATUSES, type ParticipantStatus } from "./status";

// The part of a participant's screen a staff override changes (pause, resume, extra time, help
// resolved): the clock and the status. It travels in the override's room event, so a "pause all"
// over 1,000 participants does not make 1,000 screens reload their whole state (ADR 0021).
// Client-safe: no server imports.

export type LivePatch = {
  /** The entry's revision after the change: applied only over an older state. */
  revision: number;
  status: ParticipantStatus | null;
  paused: boolean;
  helpRequested: boolean;
  remainingSeconds: number | null;
  deadline: Date | null;
  serverTime: Date;
};

/** As it arrives from the room (JSON: dates as strings). */
export type LivePatchJson = Omit<LivePatch, "deadline" | "serverTime"> & {
  deadline: string | null;
  serverTime: string;
};

/** The clock-and-status fields of the participant's screen at `now`: one rule for the full state and the patch. */
export function screenClockOf(
  state: { status: ParticipantStatus | null; clock: ClockState | null; live: { overrides: readonly ClockOverride[] } },
  now: Date,
): Omit<LivePatch, "revision"> {
  return {
    status: state.status,
    paused: state.clock?.paused ?? isSessionPaused(state.live.overrides, now),
    helpRequested: isHelpRequested(state.live.overrides, now),
    remainingSeconds: state.clock?.remainingSeconds ?? null,
    deadline: state.clock?.deadline ?? null,
    serverTime: now,
  };
}

const STATUSES: ReadonlySet<string> = new Set(PARTICIPANT_STATUSES);
const isDateText = (value: unknown): value is string => typeof value === "string" && !Number.isNaN(Date.parse(value));

/** The patch carried by a room event, or null when the event has none (or not a well-formed one): then the screen reloads. */
export function livePatchOfEvent(event: unknown): LivePatch | null {
  const { type, payload } = (event ?? {}) as { type?: unknown; payload?: { live?: unknown } };
  if (type !== "entry.changed" || !payload || typeof payload.live !== "object" || payload.live === null) return null;
  const p = payload.live as Partial<Record<keyof LivePatchJson, unknown>>;
  const ok =
    Number.isSafeInteger(p.revision) &&
    (p.status === null || (typeof p.status === "string" && STATUSES.has(p.status))) &&
    typeof p.paused === "boolean" &&
    typeof p.helpRequested === "boolean" &&
    (p.remainingSeconds === null || typeof p.remainingSeconds === "number") &&
    (p.deadline === null || isDateText(p.deadline)) &&
    isDateText(p.serverTime);
  if (!ok) return null;
  return {
    revision: p.revision as number,
    status: p.status as ParticipantStatus | null,
    paused: p.paused as boolean,
    helpRequested: p.helpRequested as boolean,
    remainingSeconds: p.remainingSeconds as number | null,
    deadline: p.deadline ? new Date(p.deadline as string) : null,
    serverTime: new Date(p.serverTime as string),
  };
}

/**
 * The screen's state with the patch applied; the same state when it already holds that revision or
 * a later one (events and refreshes can cross: the newer one wins).
 */
export function applyLivePatch<T extends { revision: number } & Omit<LivePatch, "revision">>(
  live: T,
  patch: LivePatch,
): T {
  if (patch.revision <= live.revision) return live;
  return { ...live, ...patch };
}

/** The longest a screen waits before a reload an event asks for (a bad value must not stall it). */
export const MAX_EVENT_RELOAD_DELAY_MS = 5_000;

/**
 * When the screen should reload after an event that carries no patch: the event may name a moment
 * (`reloadInMs`: the server spreads the reloads of a mass unlock), else at once.
 */
export function reloadDelayOfEvent(event: unknown): number {
  const delay = ((event ?? {}) as { payload?: { reloadInMs?: unknown } }).payload?.reloadInMs;
  return typeof delay === "number" && Number.isFinite(delay) && delay > 0
    ? Math.min(delay, MAX_EVENT_RELOAD_DELAY_MS)
    : 0;
}

/**
 * An unlock's event carries the screen's whole new state but its answers (ADR 0048): an unlock
 * opens questions and writes no answer, so the screen keeps the answers it has. Shown at once, it
 * spares the server a reload per unlocked screen and the candidate the wait for it.
 */
export type ScreenViewOfEvent<V> = Omit<V, "answers" | "deadline" | "serverTime"> & {
  revision: number;
  deadline: Date | null;
  serverTime: Date;
};

/** The screen state an event carries, or null when it carries none (or not a well-formed one): then the screen reloads. */
export function screenViewOfEvent<V extends { revision: number; scheduledSession: string }>(
  event: unknown,
  scheduledSession: string,
): ScreenViewOfEvent<V> | null {
  const { type, payload } = (event ?? {}) as { type?: unknown; payload?: { view?: unknown } };
  if (type !== "entry.changed" || !payload || typeof payload.view !== "object" || payload.view === null) return null;
  const v = payload.view as Record<string, unknown>;
  const ok =
    Number.isSafeInteger(v.revision) &&
    v.scheduledSession === scheduledSession &&
    (v.status === null || (typeof v.status === "string" && STATUSES.has(v.status))) &&
    typeof v.paused === "boolean" &&
    Array.isArray(v.questions) &&
    (v.deadline === null || isDateText(v.deadline)) &&
    isDateText(v.serverTime);
  if (!ok) return null;
  const { answers: _answers, ...view } = v;
  return {
    ...view,
    revision: v.revision as number,
    deadline: v.deadline ? new Date(v.deadline as string) : null,
    serverTime: new Date(v.serverTime as string),
  } as ScreenViewOfEvent<V>;
}

/** The screen's state replaced by an event's, its answers kept; the same state when it already holds that revision or a later one. */
export function applyScreenView<T extends { revision: number; answers: unknown }>(
  live: T,
  view: Omit<T, "answers"> & { revision: number },
): T {
  if (view.revision <= live.revision) return live;
  return { ...live, ...view, answers: live.answers };
}

/**
 * The screen's state when its page's loader answers again: the loader's, unless it was read before a
 * change the screen already shows (an event or a refresh overtook it, as when a circuit's round opens
 * the next station while the page revalidates); then the screen keeps what it has.
 */
export function applyLoaderView<T extends { revision: number; scheduledSession: string }>(live: T, fromLoader: T): T {
  return fromLoader.scheduledSession === live.scheduledSession && fromLoader.revision < live.revision
    ? live
    : fromLoader;
}
