import { describe, expect, it } from "vitest";
import { createSessionReport } from "~/modules/reports/reports.server";
import { removeScheduledSession } from "~/modules/scheduling/scheduled-sessions.server";
import { makeTenant, staffCtx } from "../support/tenants";
import { scoredSession } from "./support";

// Removing a scheduled session that has corrections and reports: the confirmation lists them (never
// as safe), and the session goes only when they are named too.
describe("removeScheduledSession with results on it", async () => {
  const { tenant } = await makeTenant();
  const ctx = await staffCtx(tenant.slug);
  const live = await scoredSession(ctx);
  const report = await createSessionReport(ctx, { participant: live.people[0]!, scheduledSession: live.sessionId });

  it("lists the corrections and the report beside the entries, and removes nothing until they are named", async () => {
    const first = await removeScheduledSession(ctx, live.sessionId, []);
    if (first.__typename !== "RemoveConfirmation") throw new Error("expected a confirmation");
    const byType = (type: string) => first.references.filter((r) => r.type === type);
    expect(byType("SessionReport").map((r) => r.id)).toEqual([report._id]);
    expect(byType("ScheduledSessionParticipantCorrection").length).toBeGreaterThan(0);
    expect(
      [...byType("SessionReport"), ...byType("ScheduledSessionParticipantCorrection")].every(
        (r) => !r.canBeSafelyRemoved,
      ),
    ).toBe(true);

    const entriesOnly = byType("ScheduledSessionParticipantEntry").map((r) => r.id);
    const second = await removeScheduledSession(ctx, live.sessionId, entriesOnly);
    expect(second.__typename).toBe("RemoveConfirmation");

    const done = await removeScheduledSession(
      ctx,
      live.sessionId,
      first.references.map((r) => r.id),
    );
    expect(done).toEqual({ __typename: "RemoveResult", id: live.sessionId });
  });
});
