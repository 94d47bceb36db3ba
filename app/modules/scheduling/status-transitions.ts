import { AppError } from "~/lib/app-error";
import type { ScheduledSessionStatus } from "~db/tenant/schema";

/**
 * The one table of scheduled-session status changes: SCHEDULED → ONGOING →
 * COMPLETED, and SCHEDULED → CANCELED. Nothing goes back, nothing leaves COMPLETED or CANCELED.
 * Pure data and functions: the plan screen uses it to offer only the allowed statuses.
 */
const NEXT: Record<ScheduledSessionStatus, readonly ScheduledSessionStatus[]> = {
  SCHEDULED: ["ONGOING", "CANCELED"],
  ONGOING: ["COMPLETED"],
  COMPLETED: [],
  CANCELED: [],
};

/** The statuses a session in `from` may get next (not counting `from` itself). */
export function nextStatuses(from: ScheduledSessionStatus): readonly ScheduledSessionStatus[] {
  return NEXT[from];
}

/** Keeping the same status is always allowed; any other change must be in the table. */
export function canChangeStatus(from: ScheduledSessionStatus, to: ScheduledSessionStatus): boolean {
  return from === to || NEXT[from].includes(to);
}

/**
 * Throws BAD_REQUEST (reason status_transition_not_allowed, field `status`) for a change the table
 * does not allow. An edit may keep the status; starting or completing (`{ change: true }`) must move it.
 */
export function assertStatusTransition(
  from: ScheduledSessionStatus,
  to: ScheduledSessionStatus,
  { change = false } = {},
): void {
  if (canChangeStatus(from, to) && !(change && from === to)) return;
  const values = { from, to };
  throw new AppError("BAD_REQUEST", "status_transition_not_allowed", {
    values,
    fieldErrors: { status: { key: "errors:status_transition_not_allowed", values } },
  });
}
