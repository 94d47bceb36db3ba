import type { ScheduledSessionStatus } from "~db/tenant/schema";
import { AppError } from "~/lib/app-error";

// Session status transitions (decisions §7). One function, so it can be swapped for the
// scheduling module's assertStatusTransition(from, to) when that lands.

const ALLOWED: Record<ScheduledSessionStatus, readonly ScheduledSessionStatus[]> = {
  SCHEDULED: ["ONGOING", "CANCELED"],
  ONGOING: ["COMPLETED"],
  COMPLETED: [],
  CANCELED: [],
};

export function canTransition(from: ScheduledSessionStatus, to: ScheduledSessionStatus): boolean {
  return ALLOWED[from].includes(to);
}

/** BAD_REQUEST (`scheduled_session_invalid_transition`) unless `from → to` is allowed. */
export function assertSessionTransition(from: ScheduledSessionStatus, to: ScheduledSessionStatus): void {
  if (!canTransition(from, to)) {
    throw new AppError("BAD_REQUEST", "scheduled_session_invalid_transition", { values: { from, to } });
  }
}
