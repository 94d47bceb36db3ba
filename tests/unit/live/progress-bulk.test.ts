import { asc, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { liveOverrides, liveProgress, scheduledSessionParticipantEntries as entries } from "~db/tenant/schema";
import { appendOverrides, bumpEntries, closeOpenSections, openSectionRows } from "~/modules/live/progress.server";
import { makeTenant, staffCtx } from "../support/tenants";
import { makeLiveSession } from "./fixtures";

// The bulk writes of staff actions pass their rows as one JSON array to hand-written SQL: what
// drizzle reads back must be exactly what was given, in log order.

process.env.PARTYKIT_DISABLED = "true";

describe("bulk live writes", () => {
  it("append overrides with every field and null as given, in order, and bump each entry once", async () => {
    const slug = (await makeTenant("progress-bulk")).tenant.slug;
    const manager = await staffCtx(slug, ["ORGANIZATION_MANAGER"]);
    const f = await makeLiveSession(manager, { participants: 3 });
    const rows = await manager.tdb.db.select().from(entries).where(eq(entries.scheduledSessionId, f.sessionId)).all();
    const [a, b] = rows;
    const at = new Date("2026-11-25T09:00:00.123Z");
    const written = [
      {
        entryId: a!.id,
        override: {
          overrideType: "EXTEND_TIME" as const,
          datetime: at,
          evaluation: "ev-1",
          question: null,
          numericValue: 90.5,
          textValue: 'l\'été "quoted"',
        },
      },
      { entryId: b!.id, override: { overrideType: "SESSION_PAUSE" as const, datetime: at } },
      {
        entryId: a!.id,
        override: { overrideType: "SESSION_RESUME" as const, datetime: at, evaluation: "ev-1", question: "q-1" },
      },
    ];
    const revisions = await manager.tdb.write(async (tx) => {
      await appendOverrides(tx, written);
      await appendOverrides(tx, []);
      return bumpEntries(tx, [a!.id, b!.id], at);
    });
    const stored = await manager.tdb.db
      .select()
      .from(liveOverrides)
      .where(inArray(liveOverrides.entryId, [a!.id, b!.id]))
      .orderBy(asc(liveOverrides.id))
      .all();
    expect(stored.map(({ id: _id, ...row }) => row)).toEqual([
      {
        entryId: a!.id,
        overrideType: "EXTEND_TIME",
        datetime: at,
        evaluationId: "ev-1",
        questionId: null,
        numericValue: 90.5,
        textValue: 'l\'été "quoted"',
      },
      {
        entryId: b!.id,
        overrideType: "SESSION_PAUSE",
        datetime: at,
        evaluationId: null,
        questionId: null,
        numericValue: null,
        textValue: null,
      },
      {
        entryId: a!.id,
        overrideType: "SESSION_RESUME",
        datetime: at,
        evaluationId: "ev-1",
        questionId: "q-1",
        numericValue: null,
        textValue: null,
      },
    ]);
    expect(revisions).toEqual(
      new Map([
        [a!.id, a!.rev + 1],
        [b!.id, b!.rev + 1],
      ]),
    );
    const after = await manager.tdb.db
      .select()
      .from(entries)
      .where(inArray(entries.id, [a!.id, b!.id]))
      .all();
    for (const row of after) expect(row.updatedAt).toEqual(at);
    expect(await manager.tdb.write((tx) => bumpEntries(tx, [], at))).toEqual(new Map());
  });

  it("open a section for many entries: the open one ends, a section entered again restarts, a whole evaluation is stored as such", async () => {
    const slug = (await makeTenant("progress-bulk-open")).tenant.slug;
    const manager = await staffCtx(slug, ["ORGANIZATION_MANAGER"]);
    const f = await makeLiveSession(manager, { participants: 2 });
    const [a, b] = await manager.tdb.db.select().from(entries).where(eq(entries.scheduledSessionId, f.sessionId)).all();
    const t0 = new Date("2026-11-25T09:00:00.000Z");
    const t1 = new Date("2026-11-25T09:05:00.000Z");
    await manager.tdb.write(async (tx) => {
      await openSectionRows(tx, [{ entryId: a!.id, evaluation: "ev-1", question: "q-1" }], t0); // a is on q-1
      await openSectionRows(tx, [{ entryId: b!.id, evaluation: "ev-2", question: null }], t0);
      await closeOpenSections(tx, [b!.id], t0); // b finished ev-2 and waits
    });
    await manager.tdb.write((tx) =>
      openSectionRows(
        tx,
        [
          { entryId: a!.id, evaluation: "ev-3", question: null },
          { entryId: b!.id, evaluation: "ev-2", question: null },
        ],
        t1,
      ),
    );
    const progress = await manager.tdb.db
      .select()
      .from(liveProgress)
      .where(inArray(liveProgress.entryId, [a!.id, b!.id]))
      .orderBy(asc(liveProgress.entryId), asc(liveProgress.evaluationId))
      .all();
    const of = (entryId: string) => progress.filter((p) => p.entryId === entryId).map(({ entryId: _e, ...p }) => p);
    expect(of(a!.id)).toEqual([
      { evaluationId: "ev-1", questionId: "q-1", sectionStart: t0, sectionEnd: t1 },
      { evaluationId: "ev-3", questionId: "", sectionStart: t1, sectionEnd: null },
    ]);
    expect(of(b!.id)).toEqual([{ evaluationId: "ev-2", questionId: "", sectionStart: t1, sectionEnd: null }]);
  });

  it("close the open section of many entries, and only the open one", async () => {
    const slug = (await makeTenant("progress-bulk-close")).tenant.slug;
    const manager = await staffCtx(slug, ["ORGANIZATION_MANAGER"]);
    const f = await makeLiveSession(manager, { participants: 3 });
    const [a, b, c] = await manager.tdb.db
      .select()
      .from(entries)
      .where(eq(entries.scheduledSessionId, f.sessionId))
      .all();
    const t0 = new Date("2026-11-25T10:00:00.000Z");
    const t1 = new Date("2026-11-25T10:01:00.000Z");
    const t2 = new Date("2026-11-25T10:07:00.000Z");
    await manager.tdb.write(async (tx) => {
      await openSectionRows(tx, [{ entryId: a!.id, evaluation: "ev-1", question: "q-1" }], t0);
      await openSectionRows(tx, [{ entryId: a!.id, evaluation: "ev-1", question: "q-2" }], t1); // q-1 ended at t1
      await openSectionRows(
        tx,
        [
          { entryId: b!.id, evaluation: "ev-1", question: "q-1" },
          { entryId: c!.id, evaluation: "ev-1", question: "q-1" },
        ],
        t0,
      );
    });
    await manager.tdb.write((tx) => closeOpenSections(tx, [a!.id, b!.id], t2));
    const progress = await manager.tdb.db
      .select()
      .from(liveProgress)
      .where(inArray(liveProgress.entryId, [a!.id, b!.id, c!.id]))
      .all();
    const ends = (entryId: string) =>
      progress
        .filter((p) => p.entryId === entryId)
        .map((p) => [p.questionId, p.sectionEnd?.toISOString() ?? null])
        .sort();
    expect(ends(a!.id)).toEqual([
      ["q-1", t1.toISOString()],
      ["q-2", t2.toISOString()],
    ]);
    expect(ends(b!.id)).toEqual([["q-1", t2.toISOString()]]);
    expect(ends(c!.id)).toEqual([["q-1", null]]);
  });
});
