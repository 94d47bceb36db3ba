import fs from "node:fs/promises";
import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { evaluations, participants, scheduledSessionParticipantEntries } from "~db/tenant/schema";
import { addQuestion } from "~/modules/assessments/questions.server";
import type { Ctx } from "~/lib/context.server";
import { removeLocation } from "~/modules/databases/locations.server";
import { removeParticipant } from "~/modules/databases/participants.server";
import {
  addScheduledSession,
  cancelScheduledSession,
  getScheduledSession,
  listScheduledSessions,
  listScheduledSessionsBetween,
  plannedSeconds,
  removeScheduledSession,
  updateScheduledSession,
} from "~/modules/scheduling/scheduled-sessions.server";
import {
  addParticipantsToScheduledSession,
  participantEntrySummaries,
  automaticallyAssignScheduledSessionOrder,
  getParticipantEntry,
  listParticipantEntries,
  manuallyAssignEvaluationToParticipant,
  overrideScheduledSessionParticipantEntries,
  overrideScheduledSessionParticipantEntry,
  removeParticipantFromScheduledSession,
  saveScheduledSessionOrder,
} from "~/modules/scheduling/entries.server";
import { DEFAULT_REFERENCE_PREFIX, LOGIN_CODE_ALPHABET } from "~/modules/scheduling/ordering";
import { addAndInviteParticipants, inviteParticipants } from "~/modules/scheduling/invitations.server";
import { lastMailTo, makeTenant, staffCtx } from "../support/tenants";
import { makeLocation, makeParticipants, makeTemplate } from "./fixtures";
import { refusal } from "../support/refusal";
import { assertStatusTransition, nextStatuses } from "~/modules/scheduling/status-transitions";

let ctx: Ctx;
let reader: Ctx;
let other: Ctx;
let template: { id: string; evaluations: string[] };

beforeAll(async () => {
  const a = await makeTenant("sch-mod-a");
  const b = await makeTenant("sch-mod-b");
  ctx = await staffCtx(a.tenant.slug, ["ORGANIZATION_WRITER"]);
  reader = await staffCtx(a.tenant.slug, ["ORGANIZATION_READER"]);
  other = await staffCtx(b.tenant.slug, ["ORGANIZATION_MANAGER"]);
  template = await makeTemplate(ctx, 3, "VCA");
});

describe("references", () => {
  it("counts per prefix and day: 0001, 0002 on one day, again 0001 on another day and for another prefix", async () => {
    const s1 = await addScheduledSession(ctx, { session: template.id, datetime: "2030-03-04T08:00:00Z" });
    const s2 = await addScheduledSession(ctx, { session: template.id, datetime: "2030-03-04T13:30:00Z" });
    const s3 = await addScheduledSession(ctx, { session: template.id, datetime: "2030-03-05T08:00:00Z" });
    const other = await makeTemplate(ctx, 1, "BHV");
    const s4 = await addScheduledSession(ctx, { session: other.id, datetime: "2030-03-04T09:00:00Z" });
    const s5 = await addScheduledSession(ctx, { session: template.id, datetime: "2030-03-04T17:00:00Z" });
    expect([s1.reference, s2.reference, s3.reference, s4.reference, s5.reference]).toEqual([
      "VCA203003040001",
      "VCA203003040002",
      "VCA203003050001",
      "BHV203003040001",
      "VCA203003040003",
    ]);
  });

  it("a template without a prefix gets the default prefix", async () => {
    const t = await makeTemplate(ctx, 1, "");
    const s = await addScheduledSession(ctx, { session: t.id, datetime: "2030-06-01T10:00:00Z" });
    expect(s.reference).toBe(`${DEFAULT_REFERENCE_PREFIX}203006010001`);
    expect(DEFAULT_REFERENCE_PREFIX).toBe("S");
  });

  it("is fixed at creation: moving the session to another day keeps it, and it is never reused", async () => {
    const t = await makeTemplate(ctx, 1, "MOV");
    const s = await addScheduledSession(ctx, { session: t.id, datetime: "2030-07-01T10:00:00Z" });
    expect(s.reference).toBe("MOV203007010001");
    const moved = await updateScheduledSession(ctx, s._id, { datetime: "2030-07-09T10:00:00Z" });
    expect(moved.reference).toBe("MOV203007010001");
    // The old day's counter does not go back: a new session that day gets the next number …
    expect((await addScheduledSession(ctx, { session: t.id, datetime: "2030-07-01T12:00:00Z" })).reference).toBe(
      "MOV203007010002",
    );
    // … also after a removal.
    await removeScheduledSession(ctx, s._id, []);
    expect((await addScheduledSession(ctx, { session: t.id, datetime: "2030-07-01T14:00:00Z" })).reference).toBe(
      "MOV203007010003",
    );
  });

  it("many sessions at once on one day still get distinct consecutive counters", async () => {
    const t = await makeTemplate(ctx, 1, "PAR");
    const all = await Promise.all(
      Array.from({ length: 12 }, () => addScheduledSession(ctx, { session: t.id, datetime: "2031-01-01T10:00:00Z" })),
    );
    expect(all.map((s) => s.reference).sort()).toEqual(
      Array.from({ length: 12 }, (_, i) => `PAR20310101${String(i + 1).padStart(4, "0")}`),
    );
  });
});

describe("login codes", () => {
  it("are 6-8 characters of the unambiguous alphabet and unique among open sessions", async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 40; i++) {
      const s = await addScheduledSession(ctx, { session: template.id, datetime: "2032-02-02T10:00:00Z" });
      expect(s.loginCode).toMatch(new RegExp(`^[${LOGIN_CODE_ALPHABET}]{6,8}$`));
      codes.add(s.loginCode);
    }
    expect(codes.size).toBe(40);
  });

  it("a canceled session cannot be set back to SCHEDULED (so an old code never comes back to life)", async () => {
    const s = await addScheduledSession(ctx, { session: template.id, datetime: "2032-03-03T10:00:00Z" });
    await cancelScheduledSession(ctx, s._id);
    const back = await refusal(updateScheduledSession(ctx, s._id, { status: "SCHEDULED" }));
    expect(back).toMatchObject({ code: "BAD_REQUEST", reason: "status_transition_not_allowed" });
    expect((await getScheduledSession(ctx, s._id)).status).toBe("CANCELED");
  });
});

describe("plan", () => {
  it("adds with location, staff user, options, initial status and participants; reads, lists, updates", async () => {
    const location = await makeLocation(ctx, "Hall plan");
    const people = await makeParticipants(ctx, 2, "plan");
    const s = await addScheduledSession(ctx, {
      session: template.id,
      datetime: "2033-05-05T09:00:00Z",
      location,
      assignedUser: (ctx.actor as { userId: string }).userId,
      status: "ONGOING",
      options: { enableAutoPauseOnHelpRequest: true },
      participants: people,
    });
    expect(s).toMatchObject({
      _type: "ScheduledSession",
      _rev: 1,
      session: template.id,
      sessionName: "Safety session",
      location,
      locationName: "Hall plan",
      status: "ONGOING",
      options: { allQuestionsInEvaluationShownByDefault: false, enableAutoPauseOnHelpRequest: true },
      participants: people,
      evaluations: template.evaluations,
    });
    expect(s.datetime.toISOString()).toBe("2033-05-05T09:00:00.000Z");
    const entries = await participantEntrySummaries(ctx, s._id);
    expect(entries.map((e) => e.participant)).toEqual(people);
    // New entries start on consecutive rotations (no clash while P <= E).
    expect(entries[0]!.sessionOrder).toEqual(template.evaluations);
    expect(entries[1]!.sessionOrder).toEqual([...template.evaluations.slice(1), template.evaluations[0]]);

    const upd = await updateScheduledSession(ctx, s._id, {
      datetime: "2033-05-06T09:00:00Z",
      participants: [people[1]!],
    });
    expect(upd).toMatchObject({
      _rev: 2,
      location,
      status: "ONGOING",
      reference: s.reference,
      participants: [people[1]],
    });
    const list = await listScheduledSessions(ctx, { filter: { id: s._id } });
    expect(list.edges.map((e) => e.node._id)).toEqual([s._id]);
    expect((await getScheduledSession(reader, s._id))._id).toBe(s._id);
    const between = await listScheduledSessionsBetween(
      ctx,
      new Date("2033-05-06T00:00:00Z"),
      new Date("2033-05-07T00:00:00Z"),
    );
    expect(between.map((x) => x._id)).toContain(s._id);
    expect(
      (await listScheduledSessionsBetween(ctx, new Date("2033-05-07T00:00:00Z"), new Date("2033-05-08T00:00:00Z"))).map(
        (x) => x._id,
      ),
    ).not.toContain(s._id);
  });

  it("lists sorted by DATETIME both ways and filters by session and status", async () => {
    const t = await makeTemplate(ctx, 2, "SORT");
    const late = await addScheduledSession(ctx, { session: t.id, datetime: "2034-01-02T10:00:00Z" });
    const early = await addScheduledSession(ctx, { session: t.id, datetime: "2034-01-01T10:00:00Z" });
    const asc = await listScheduledSessions(ctx, { filter: { session: t.id }, orderBy: "DATETIME", order: "ASC" });
    expect(asc.edges.map((e) => e.node._id)).toEqual([early._id, late._id]);
    const desc = await listScheduledSessions(ctx, { filter: { session: t.id }, orderBy: "DATETIME", order: "DESC" });
    expect(desc.edges.map((e) => e.node._id)).toEqual([late._id, early._id]);
    await cancelScheduledSession(ctx, late._id);
    const canceled = await listScheduledSessions(ctx, { filter: { session: t.id, status: "CANCELED" } });
    expect(canceled.edges.map((e) => e.node._id)).toEqual([late._id]);
    expect(asc.pageInfo.pageSize).toBe(20);
  });

  it("requires a datetime and an existing template, location and participants", async () => {
    expect((await refusal(addScheduledSession(ctx, { session: template.id }))).fieldErrors?.datetime?.key).toBe(
      "validation:required",
    );
    expect(
      (await refusal(addScheduledSession(ctx, { session: "nope", datetime: "2030-01-01T00:00:00Z" }))).reason,
    ).toBe("session_not_found");
    expect(
      (
        await refusal(
          addScheduledSession(ctx, { session: template.id, datetime: "2030-01-01T00:00:00Z", location: "nope" }),
        )
      ).reason,
    ).toBe("location_not_found");
    expect(
      (
        await refusal(
          addScheduledSession(ctx, { session: template.id, datetime: "2030-01-01T00:00:00Z", participants: ["nope"] }),
        )
      ).reason,
    ).toBe("participant_not_found");
  });
});

describe("participants and entries", () => {
  it("one entry per participant: added once, removed with them", async () => {
    const s = await addScheduledSession(ctx, { session: template.id, datetime: "2035-01-01T10:00:00Z" });
    const people = await makeParticipants(ctx, 3, "ent");
    expect(await addParticipantsToScheduledSession(ctx, s._id, [people[0]!, people[1]!])).toEqual([
      people[0],
      people[1],
    ]);
    expect(await addParticipantsToScheduledSession(ctx, s._id, [people[1]!, people[2]!, people[2]!])).toEqual([
      people[2],
    ]);
    const page = await listParticipantEntries(ctx, s._id, { first: 2 });
    expect(page.pageInfo).toMatchObject({ totalCount: 3, hasNextPage: true, pageSize: 2 });
    expect((await getParticipantEntry(ctx, s._id, people[2]!)).participantName).toMatch(/ent Person/);
    await removeParticipantFromScheduledSession(ctx, s._id, people[1]!);
    expect((await participantEntrySummaries(ctx, s._id)).map((e) => e.participant)).toEqual([people[0], people[2]]);
    expect((await refusal(getParticipantEntry(ctx, s._id, people[1]!))).reason).toBe(
      "scheduled_session_participant_entry_not_found",
    );
    expect((await refusal(removeParticipantFromScheduledSession(ctx, s._id, people[1]!))).reason).toBe(
      "scheduled_session_participant_entry_not_found",
    );
  });

  it("saves, assigns and overrides orders, refusing anything but a permutation", async () => {
    const s = await addScheduledSession(ctx, { session: template.id, datetime: "2035-02-01T10:00:00Z" });
    const [p1, p2] = await makeParticipants(ctx, 2, "ord");
    await addParticipantsToScheduledSession(ctx, s._id, [p1!, p2!]);
    const [a, b, c] = template.evaluations as [string, string, string];
    expect((await saveScheduledSessionOrder(ctx, p1!, s._id, [c, a, b])).sessionOrder).toEqual([c, a, b]);
    const bad = await refusal(saveScheduledSessionOrder(ctx, p1!, s._id, [a, a, b]));
    expect(bad.code).toBe("BAD_REQUEST");
    expect(bad.fieldErrors?.sessionOrder?.key).toBe("scheduling:validation.order-not-permutation");
    expect((await refusal(saveScheduledSessionOrder(ctx, p1!, s._id, [a, b]))).code).toBe("BAD_REQUEST");
    expect((await manuallyAssignEvaluationToParticipant(ctx, s._id, p1!, a, 0)).sessionOrder).toEqual([a, c, b]);
    expect((await refusal(manuallyAssignEvaluationToParticipant(ctx, s._id, p1!, "nope", 0))).code).toBe("BAD_REQUEST");
    const outOfRange = await refusal(manuallyAssignEvaluationToParticipant(ctx, s._id, p1!, a, 7));
    expect(outOfRange.code).toBe("BAD_REQUEST");
    // The message states the allowed range.
    expect(outOfRange.fieldErrors?.position).toEqual({ key: "validation:position-range", values: { max: 2 } });
    const one = await overrideScheduledSessionParticipantEntry(ctx, s._id, p2!, {
      ready: true,
      sessionOrder: [b, c, a],
    });
    expect(one).toMatchObject({ ready: true, sessionOrder: [b, c, a] });
    const all = await overrideScheduledSessionParticipantEntries(ctx, s._id, { ready: false });
    expect(all.map((e) => e.ready)).toEqual([false, false]);
    expect(all[1]!.sessionOrder).toEqual([b, c, a]);
    const auto = await automaticallyAssignScheduledSessionOrder(ctx, s._id, "NON_OVERLAPPING");
    expect(auto.map((e) => e.sessionOrder)).toEqual([
      [a, b, c],
      [b, c, a],
    ]);
  });
});

describe("editing a session whose participants have started", () => {
  it("keeps started participants and the template, and changes nothing when refused", async () => {
    const people = await makeParticipants(ctx, 2, "started");
    const s = await addScheduledSession(ctx, {
      session: template.id,
      datetime: "2036-03-03T10:00:00Z",
      participants: people,
    });
    await ctx.tdb.write((tx) =>
      tx
        .update(scheduledSessionParticipantEntries)
        .set({ sessionStart: new Date() })
        .where(eq(scheduledSessionParticipantEntries.participantId, people[0]!)),
    );
    const dropStarted = await refusal(
      updateScheduledSession(ctx, s._id, { participants: [people[1]!], location: null }),
    );
    expect(dropStarted.code).toBe("BAD_REQUEST");
    expect(dropStarted.fieldErrors?.participants).toMatchObject({ key: "scheduling:validation.participant-started" });
    expect(String(dropStarted.fieldErrors?.participants?.values?.names)).toContain("started Person");
    const other = await makeTemplate(ctx, 2, "OTH");
    const swap = await refusal(updateScheduledSession(ctx, s._id, { session: other.id }));
    expect(swap.fieldErrors?.session).toMatchObject({ key: "scheduling:validation.template-locked" });
    const after = await getScheduledSession(ctx, s._id);
    expect(after.participants).toEqual(people);
    expect(after.session).toBe(template.id);
    expect(after._rev).toBe(s._rev);
    // Someone who has not started can still be taken off.
    expect((await updateScheduledSession(ctx, s._id, { participants: [people[0]!] })).participants).toEqual([
      people[0],
    ]);
  });
});

describe("status changes", () => {
  const ALL = ["SCHEDULED", "ONGOING", "COMPLETED", "CANCELED"] as const;
  const ALLOWED = new Set(["SCHEDULED>ONGOING", "SCHEDULED>CANCELED", "ONGOING>COMPLETED"]);

  it("updateScheduledSession allows only SCHEDULED → ONGOING → COMPLETED and SCHEDULED → CANCELED", async () => {
    for (const from of ALL) {
      for (const to of ALL) {
        if (from === to) continue;
        const s = await addScheduledSession(ctx, {
          session: template.id,
          datetime: "2037-05-05T10:00:00Z",
          status: from,
        });
        const result = await updateScheduledSession(ctx, s._id, { status: to }).catch((e) => e);
        if (ALLOWED.has(`${from}>${to}`)) {
          expect(result.status, `${from} → ${to}`).toBe(to);
        } else {
          expect(result, `${from} → ${to}`).toMatchObject({
            code: "BAD_REQUEST",
            reason: "status_transition_not_allowed",
            values: { from, to },
          });
          const after = await getScheduledSession(ctx, s._id);
          expect(after.status).toBe(from);
          expect(after._rev).toBe(s._rev);
        }
      }
    }
  });

  it("keeping the status is always allowed, and the refusal is explained in the user's language", async () => {
    const s = await addScheduledSession(ctx, {
      session: template.id,
      datetime: "2037-06-06T10:00:00Z",
      status: "COMPLETED",
    });
    expect((await updateScheduledSession(ctx, s._id, { status: "COMPLETED", location: null })).status).toBe(
      "COMPLETED",
    );
    const nl = await staffCtx(ctx.tenant.slug, ["ORGANIZATION_WRITER"], "nl-nl");
    const refused = await refusal(updateScheduledSession(nl, s._id, { status: "SCHEDULED" }));
    expect(nl.t(refused.messageKey, refused.values)).toBe(
      "De status kan niet van „Afgerond” naar „Gepland” gaan. Een sessie gaat van gepland naar bezig naar afgerond, of van gepland naar geannuleerd, nooit terug.",
    );
    expect(() => assertStatusTransition("CANCELED", "COMPLETED")).toThrow(
      expect.objectContaining({ reason: "status_transition_not_allowed" }),
    );
    expect(() => assertStatusTransition("SCHEDULED", "ONGOING")).not.toThrow();
    expect(nextStatuses("SCHEDULED")).toEqual(["ONGOING", "CANCELED"]);
    expect(nextStatuses("COMPLETED")).toEqual([]);
  });
});

describe("removing a participant who has started", () => {
  it("is refused with BAD_REQUEST naming them, and deletes nothing", async () => {
    const people = await makeParticipants(ctx, 2, "begun");
    const s = await addScheduledSession(ctx, {
      session: template.id,
      datetime: "2036-04-04T10:00:00Z",
      participants: people,
    });
    await ctx.tdb.write((tx) =>
      tx
        .update(scheduledSessionParticipantEntries)
        .set({ sessionStart: new Date() })
        .where(eq(scheduledSessionParticipantEntries.participantId, people[0]!)),
    );
    const refused = await refusal(removeParticipantFromScheduledSession(ctx, s._id, people[0]!));
    expect(refused).toMatchObject({ code: "BAD_REQUEST", reason: "participant_started" });
    expect(ctx.t(refused.messageKey, refused.values)).toMatch(/^begun Person .* has already started this session/);
    expect((await participantEntrySummaries(ctx, s._id)).map((e) => e.participant)).toEqual(people);
    // Someone who has not started can still be removed.
    await removeParticipantFromScheduledSession(ctx, s._id, people[1]!);
    expect((await participantEntrySummaries(ctx, s._id)).map((e) => e.participant)).toEqual([people[0]]);
  });
});

describe("removal", () => {
  it("answers RemoveResult without entries, a confirmation with them, and removes with removeReferences", async () => {
    const empty = await addScheduledSession(ctx, { session: template.id, datetime: "2036-01-01T10:00:00Z" });
    expect(await removeScheduledSession(ctx, empty._id, [])).toEqual({ __typename: "RemoveResult", id: empty._id });
    expect((await refusal(getScheduledSession(ctx, empty._id))).reason).toBe("scheduled_session_not_found");

    const people = await makeParticipants(ctx, 2, "rm");
    const s = await addScheduledSession(ctx, {
      session: template.id,
      datetime: "2036-01-02T10:00:00Z",
      participants: people,
    });
    const entries = await participantEntrySummaries(ctx, s._id);
    const first = await removeScheduledSession(ctx, s._id, []);
    expect(first.__typename).toBe("RemoveConfirmation");
    if (first.__typename !== "RemoveConfirmation") throw new Error();
    expect(first.references.map((r) => r.id).sort()).toEqual(entries.map((e) => e._id).sort());
    expect(first.references[0]).toMatchObject({ type: "ScheduledSessionParticipantEntry", canBeSafelyRemoved: true });
    expect(first.references.map((r) => r.title).sort()).toEqual(entries.map((e) => e.participantName).sort());
    // Only some of the references: still a confirmation, nothing removed.
    expect((await removeScheduledSession(ctx, s._id, [entries[0]!._id])).__typename).toBe("RemoveConfirmation");
    expect((await getScheduledSession(ctx, s._id))._id).toBe(s._id);
    expect(
      await removeScheduledSession(
        ctx,
        s._id,
        entries.map((e) => e._id),
      ),
    ).toEqual({ __typename: "RemoveResult", id: s._id });
    expect((await refusal(getScheduledSession(ctx, s._id))).reason).toBe("scheduled_session_not_found");
    // The participants themselves stay, and can now be removed.
    expect((await removeParticipant(ctx, people[0]!)).id).toBe(people[0]);
  });

  it("refuses to remove a location or participant a scheduled session uses", async () => {
    const location = await makeLocation(ctx, "Hall used");
    const [p] = await makeParticipants(ctx, 1, "used");
    const s = await addScheduledSession(ctx, {
      session: template.id,
      datetime: "2036-02-02T10:00:00Z",
      location,
      participants: [p!],
    });
    const locErr = await refusal(removeLocation(ctx, location));
    expect(locErr.code).toBe("OBJECT_REFERENCED");
    expect(locErr.references).toEqual([{ id: s._id, title: s.reference, type: "ScheduledSession" }]);
    const pErr = await refusal(removeParticipant(ctx, p!));
    expect(pErr.code).toBe("OBJECT_REFERENCED");
    expect(await ctx.tdb.db.select().from(participants).where(eq(participants.id, p!)).get()).toBeTruthy();
  });
});

describe("permissions and tenants", () => {
  it("a READER reads but may change nothing", async () => {
    const s = await addScheduledSession(ctx, { session: template.id, datetime: "2037-01-01T10:00:00Z" });
    const [p] = await makeParticipants(ctx, 1, "rd");
    await addParticipantsToScheduledSession(ctx, s._id, [p!]);
    expect((await listScheduledSessions(reader)).edges.length).toBeGreaterThan(0);
    expect((await participantEntrySummaries(reader, s._id)).length).toBe(1);
    const attempts: Array<Promise<unknown>> = [
      addScheduledSession(reader, { session: template.id, datetime: "2037-01-01T10:00:00Z" }),
      updateScheduledSession(reader, s._id, { status: "CANCELED" }),
      cancelScheduledSession(reader, s._id),
      removeScheduledSession(reader, s._id, []),
      addParticipantsToScheduledSession(reader, s._id, [p!]),
      removeParticipantFromScheduledSession(reader, s._id, p!),
      automaticallyAssignScheduledSessionOrder(reader, s._id, "NON_OVERLAPPING"),
      saveScheduledSessionOrder(reader, p!, s._id, template.evaluations),
      manuallyAssignEvaluationToParticipant(reader, s._id, p!, template.evaluations[0]!, 1),
      overrideScheduledSessionParticipantEntry(reader, s._id, p!, { ready: true }),
      overrideScheduledSessionParticipantEntries(reader, s._id, { ready: true }),
      inviteParticipants(reader, s._id, [p!]),
    ];
    for (const attempt of attempts) expect((await refusal(attempt)).code).toBe("FORBIDDEN");
  });

  it("another tenant's ids are NOT_FOUND for every operation", async () => {
    const s = await addScheduledSession(ctx, { session: template.id, datetime: "2037-02-01T10:00:00Z" });
    const [p] = await makeParticipants(ctx, 1, "iso");
    await addParticipantsToScheduledSession(ctx, s._id, [p!]);
    const attempts: Array<Promise<unknown>> = [
      getScheduledSession(other, s._id),
      updateScheduledSession(other, s._id, { status: "CANCELED" }),
      cancelScheduledSession(other, s._id),
      removeScheduledSession(other, s._id, []),
      addParticipantsToScheduledSession(other, s._id, []),
      removeParticipantFromScheduledSession(other, s._id, p!),
      listParticipantEntries(other, s._id),
      getParticipantEntry(other, s._id, p!),
      automaticallyAssignScheduledSessionOrder(other, s._id, "NON_OVERLAPPING"),
      saveScheduledSessionOrder(other, p!, s._id, template.evaluations),
      manuallyAssignEvaluationToParticipant(other, s._id, p!, template.evaluations[0]!, 1),
      overrideScheduledSessionParticipantEntry(other, s._id, p!, { ready: true }),
      overrideScheduledSessionParticipantEntries(other, s._id, { ready: true }),
      inviteParticipants(other, s._id, [p!]),
      addScheduledSession(other, { session: template.id, datetime: "2037-02-01T10:00:00Z" }),
    ];
    // Every refusal is caught as soon as it is made: writes made together fail together.
    for (const e of await Promise.all(attempts.map(refusal))) expect(e.code).toBe("NOT_FOUND");
    expect((await listScheduledSessions(other)).edges.map((e) => e.node._id)).not.toContain(s._id);
    expect(await listScheduledSessionsBetween(other, new Date("2037-01-01"), new Date("2038-01-01"))).toEqual([]);
  });
});

describe("invitations", () => {
  it("adding with an invitation invites only the newly added, not those already in the session", async () => {
    const location = await makeLocation(ctx, "Hall add-invite");
    const [before, fresh] = await makeParticipants(ctx, 2, "addinv");
    const s = await addScheduledSession(ctx, {
      session: template.id,
      datetime: "2038-06-06T08:00:00Z",
      location,
      participants: [before!],
    });
    const emailOf = async (id: string) =>
      (await ctx.tdb.db.select().from(participants).where(eq(participants.id, id)).get())!.email;
    const result = await addAndInviteParticipants(ctx, s._id, [before!, fresh!], true);
    expect(result).toEqual({ added: [fresh], invited: 1 });
    expect((await lastMailTo(await emailOf(fresh!)))?.subject).toContain("Invitation");
    expect(await lastMailTo(await emailOf(before!))).toBeNull();
    // Without an origin nobody is invited, and a reader may neither add nor invite.
    const [quiet] = await makeParticipants(ctx, 1, "addquiet");
    expect(await addAndInviteParticipants(ctx, s._id, [quiet!], false)).toEqual({ added: [quiet], invited: 0 });
    expect(await lastMailTo(await emailOf(quiet!))).toBeNull();
    expect((await refusal(addAndInviteParticipants(reader, s._id, [quiet!], true))).code).toBe("FORBIDDEN");
  });

  it("e-mails each participant in their language with date, place and the sign-up link", async () => {
    const location = await makeLocation(ctx, "Hall invite");
    const [p1, p2] = await makeParticipants(ctx, 2, "inv");
    await ctx.tdb.write((tx) => tx.update(participants).set({ locale: "nl-nl" }).where(eq(participants.id, p2!)));
    const s = await addScheduledSession(ctx, {
      session: template.id,
      datetime: "2038-04-04T08:00:00Z",
      location,
      participants: [p1!, p2!],
    });
    expect(await inviteParticipants(ctx, s._id, [p1!, p2!])).toBe(2);
    const [e1, e2] = await Promise.all(
      [p1!, p2!].map(
        async (id) => (await ctx.tdb.db.select().from(participants).where(eq(participants.id, id)).get())!.email,
      ),
    );
    const m1 = await lastMailTo(e1!);
    const m2 = await lastMailTo(e2!);
    const link = `http://app.test/user/signup/${s.loginCode}?tenant=${ctx.tenant.slug}`;
    expect(m1!.subject).toContain("Invitation: Safety session");
    expect(m1!.textBody).toContain(link);
    expect(m1!.textBody).toContain("Hall invite");
    expect(m1!.textBody).toContain("2038");
    expect(m2!.subject).toContain("Uitnodiging");
    expect(m2!.htmlBody).toContain(link.replace("&", "&amp;"));
    // The template's evaluations hold no questions yet: the calendar event marks the start only.
    expect(m1!.attachments).toEqual([`${s.reference}.ics`]);
    const ics = await fs.readFile(m1!.file.replace(/\.json$/, `.${s.reference}.ics`), "utf8");
    expect(ics).toContain("DTSTART:20380404T080000Z");
    expect(ics).not.toContain("DTEND");
  });

  it("attaches the session as a calendar event lasting as long as its questions take", async () => {
    const [q1, q2] = [
      await addQuestion(ctx, { name: "Lift check", maxTime: 600 }),
      await addQuestion(ctx, { name: "Knots", maxTime: 900 }),
    ];
    const [e1, e2] = template.evaluations as [string, string];
    await ctx.tdb.write(async (tx) => {
      await tx
        .update(evaluations)
        .set({ questionIds: [q1._id, q2._id] })
        .where(eq(evaluations.id, e1));
      await tx
        .update(evaluations)
        .set({ questionIds: [q1._id] })
        .where(eq(evaluations.id, e2));
    });
    expect(await plannedSeconds(ctx.tdb.db, template.evaluations)).toBe(600 + 900 + 600);
    const location = await makeLocation(ctx, "Hall, north; wing");
    const [p] = await makeParticipants(ctx, 1, "ics");
    const s = await addScheduledSession(ctx, {
      session: template.id,
      datetime: "2038-05-05T07:00:00Z",
      location,
      participants: [p!],
    });
    await inviteParticipants(ctx, s._id, [p!]);
    const email = (await ctx.tdb.db.select().from(participants).where(eq(participants.id, p!)).get())!.email;
    const mail = await lastMailTo(email);
    expect(mail!.textBody).toContain(`The attached file ${s.reference}.ics adds the session to your calendar.`);
    const ics = (await fs.readFile(mail!.file.replace(/\.json$/, `.${s.reference}.ics`), "utf8")).replace(/\r\n /g, "");
    const lines = ics.split("\r\n");
    expect(lines).toContain(`UID:${s._id}@${ctx.tenant.slug}.skills-assessments`);
    expect(lines).toContain("DTSTART:20380505T070000Z");
    expect(lines).toContain("DTEND:20380505T073500Z");
    expect(lines).toContain("SUMMARY:Safety session");
    expect(lines.find((l) => l.startsWith("LOCATION:"))).toContain("Hall\\, north\\; wing");
    expect(lines).toContain(`URL:http://app.test/user/signup/${s.loginCode}?tenant=${ctx.tenant.slug}`);
    await ctx.tdb.write((tx) =>
      tx
        .update(evaluations)
        .set({ questionIds: [] })
        .where(inArray(evaluations.id, [e1, e2])),
    );
  });
});
