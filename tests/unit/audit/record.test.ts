import { asc } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditEntries } from "~db/tenant/schema";
import { recordAudit, systemOrigin, type AuditEntry } from "~/modules/audit/index.server";
import { makeTenant } from "../support/tenants";

// recordAudit writes any number of entries as one statement over a JSON array (issue 35): every
// value must come back as it went in, in order, whatever its JSON type. Entries of one change (one
// action, time and origin, as a staff action on a whole room) take the statement whose rows carry
// only what differs; others carry every column.

describe("recordAudit", () => {
  it.each([
    ["an action each: every column in each row", (i: number) => `override.test-${i}`],
    ["one action for all: only what differs in each row", () => "override.SESSION_PAUSE"],
  ])("stores many entries in one call in their order, each value as given (%s)", async (_, actionOf) => {
    const { tdb } = await makeTenant();
    const at = new Date("2026-11-28T09:30:00.123Z");
    const values: unknown[] = [
      null,
      "plain text",
      'quotes " and \\ and ünïcödé ✓',
      '{"looks":"like json"}',
      0,
      -12.5,
      true,
      [1, "two", null],
      { nested: { deep: [{ x: 1 }] }, empty: {} },
    ];
    const entries: AuditEntry[] = values.map((value, i) => ({
      scheduledSession: "session-1",
      participant: i % 2 ? `participant-${i}` : null,
      evaluation: i % 3 ? null : `evaluation-${i}`,
      question: null,
      stepIndex: i % 4 ? i : null,
      kind: "OVERRIDE",
      action: actionOf(i),
      at,
      before: value,
      after: { value },
    }));
    await tdb.write((tx) => recordAudit(tx, systemOrigin("test"), entries));
    const rows = await tdb.db.select().from(auditEntries).orderBy(asc(auditEntries.id)).all();
    expect(rows.map((r) => [r.participantId, r.evaluationId, r.stepIndex, r.action, r.at.getTime()])).toEqual(
      entries.map((e) => [e.participant, e.evaluation, e.stepIndex, e.action, at.getTime()]),
    );
    expect(rows.map((r) => r.before)).toEqual(values);
    expect(rows.map((r) => r.after)).toEqual(values.map((value) => ({ value })));
    expect(rows.every((r) => r.actorType === "SYSTEM" && r.kind === "OVERRIDE")).toBe(true);
  });
});
