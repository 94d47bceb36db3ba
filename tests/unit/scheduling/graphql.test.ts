import { beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "~/lib/context.server";
import { gql, loginOverGraphQL } from "../support/graphql";
import { addParticipant, lastMailTo, makeTenant, staffCtx } from "../support/tenants";
import { makeLocation, makeParticipants, makeTemplate } from "./fixtures";

let slug: string;
let manager: string;
let readerCookie: string;
let otherManager: string;
let ctx: Ctx;
let template: { id: string; evaluations: string[] };

const SS = `_id _type _rev datetime sessionId sessionName session { _id name } location { _id name } reference status assignedUser { _id name } loginCode
  options { allQuestionsInEvaluationShownByDefault enableAutoPauseOnHelpRequest } participants { _id name } participantCount evaluations`;
const ENTRY = `_id _type scheduledSession participantId participant { _id name } ready sessionStart sessionOrder sessionAnswers { evaluation question stepIndex revision late } sessionOverrides { overrideType datetime evaluation question value { numericValue textValue } } sessionProgress { evaluation question sectionStart sectionEnd } status remainingSeconds`;
const ADD = `mutation($i: ScheduledSessionInput!) { addScheduledSession(input: $i) { ${SS} } }`;
const REMOVE = `mutation($id: ID!, $r: [ID!]) { removeScheduledSession(id: $id, removeReferences: $r) {
  __typename ... on RemoveResult { id } ... on RemoveConfirmation { references { id title type canBeSafelyRemoved } } } }`;

async function ok(
  query: string,
  variables: Record<string, unknown> = {},
  cookie = manager,
  area: "admin" | "user" = "admin",
) {
  const res = await gql(area, query, variables, { cookie });
  if (res.body.errors) throw new Error(JSON.stringify(res.body.errors));
  return res.body.data;
}
async function fails(
  query: string,
  variables: Record<string, unknown> = {},
  cookie = manager,
  area: "admin" | "user" = "admin",
) {
  const res = await gql(area, query, variables, { cookie });
  expect(res.body.errors, JSON.stringify(res.body)).toBeTruthy();
  return res.body.errors![0]!.extensions as {
    code: string;
    reason: string;
    references?: unknown[];
    fieldErrors?: Record<string, { key: string }>;
  };
}

beforeAll(async () => {
  slug = (await makeTenant("sch-gql-a")).tenant.slug;
  const other = (await makeTenant("sch-gql-b")).tenant.slug;
  manager = await loginOverGraphQL("admin", slug, `manager@${slug}.test`);
  otherManager = await loginOverGraphQL("admin", other, `manager@${other}.test`);
  ctx = await staffCtx(slug, ["ORGANIZATION_WRITER"]);
  const reader = await staffCtx(slug, ["ORGANIZATION_READER"]);
  readerCookie = await loginOverGraphQL("admin", slug, (reader.actor as { email: string }).email);
  template = await makeTemplate(ctx, 3, "GQL", "Crane session");
});

describe("scheduling over GraphQL (admin)", () => {
  it("adds, reads, lists (sorted, filtered, between), updates, cancels", async () => {
    const location = await makeLocation(ctx, "Yard");
    const people = await makeParticipants(ctx, 2, "gql");
    const s = (
      await ok(ADD, {
        i: {
          session: template.id,
          datetime: "2031-07-01T08:00:00Z",
          location,
          options: { allQuestionsInEvaluationShownByDefault: true },
          participants: people,
        },
      })
    ).addScheduledSession;
    expect(s).toMatchObject({
      _type: "ScheduledSession",
      _rev: 1,
      datetime: "2031-07-01T08:00:00.000Z",
      sessionId: template.id,
      sessionName: "Crane session",
      session: { _id: template.id, name: "Crane session" },
      location: { _id: location, name: "Yard" },
      reference: "GQL203107010001",
      status: "SCHEDULED",
      assignedUser: null,
      options: { allQuestionsInEvaluationShownByDefault: true, enableAutoPauseOnHelpRequest: false },
      participantCount: 2,
      evaluations: template.evaluations,
    });
    expect(s.participants.map((p: any) => p._id)).toEqual(people);
    expect(s.loginCode).toMatch(/^[23456789A-HJKMNP-Z]{6,8}$/);

    const later = (await ok(ADD, { i: { session: template.id, datetime: "2031-07-02T08:00:00Z", status: "ONGOING" } }))
      .addScheduledSession;
    expect(later.reference).toBe("GQL203107020001");
    const list = (
      await ok(`{ allScheduledSessions(filter: { session: "${template.id}" }, orderBy: DATETIME, order: DESC, first: 1) {
        edges { cursor node { _id } } pageInfo { totalCount pageSize hasNextPage } } }`)
    ).allScheduledSessions;
    expect(list.edges.map((e: any) => e.node._id)).toEqual([later._id]);
    expect(list.pageInfo).toEqual({ totalCount: 2, pageSize: 1, hasNextPage: true });
    const byStatus = (
      await ok(`{ allScheduledSessions(filter: { status: ONGOING, behavior: WIDE }) { edges { node { _id } } } }`)
    ).allScheduledSessions;
    expect(byStatus.edges.map((e: any) => e.node._id)).toEqual([later._id]);
    const between = (
      await ok(`{ allScheduledSessionsBetween(start: "2031-07-01T00:00:00Z", end: "2031-07-02T00:00:00Z") { _id } }`)
    ).allScheduledSessionsBetween;
    expect(between.map((x: any) => x._id)).toEqual([s._id]);

    const byId = (await ok(`query($id: ID!) { scheduledSessionById(id: $id) { ${SS} } }`, { id: s._id }))
      .scheduledSessionById;
    expect(byId.reference).toBe(s.reference);
    const managerId = (await ok(`{ profile { userInfo { sub } } }`)).profile.userInfo.sub;
    const upd = (
      await ok(
        `mutation($id: ID!, $i: ScheduledSessionInput!) { updateScheduledSession(id: $id, input: $i) { ${SS} } }`,
        {
          id: s._id,
          i: { assignedUser: managerId, options: { enableAutoPauseOnHelpRequest: true } },
        },
      )
    ).updateScheduledSession;
    expect(upd).toMatchObject({
      _rev: 2,
      assignedUser: { _id: managerId },
      options: { allQuestionsInEvaluationShownByDefault: true, enableAutoPauseOnHelpRequest: true },
    });
    // An ongoing session cannot be canceled (only SCHEDULED → CANCELED); a scheduled one can.
    expect(
      (await fails(`mutation($id: ID!) { cancelScheduledSession(id: $id) { status } }`, { id: later._id })).reason,
    ).toBe("status_transition_not_allowed");
    const canceled = (await ok(`mutation($id: ID!) { cancelScheduledSession(id: $id) { status } }`, { id: s._id }))
      .cancelScheduledSession;
    expect(canceled.status).toBe("CANCELED");
    const reopen = await gql(
      "admin",
      `mutation($id: ID!) { updateScheduledSession(id: $id, input: { status: COMPLETED }) { status } }`,
      { id: s._id },
      { cookie: manager, locale: "fr-fr" },
    );
    expect(reopen.body.errors![0]!.extensions).toMatchObject({
      code: "BAD_REQUEST",
      reason: "status_transition_not_allowed",
    });
    expect(reopen.body.errors![0]!.message).toContain("« Annulée » à « Terminée »");
  });

  it("returns translated field errors for a missing datetime", async () => {
    const res = await gql("admin", ADD, { i: { session: template.id } }, { cookie: manager, locale: "nl-nl" });
    expect(res.body.errors![0]!.extensions).toMatchObject({ code: "BAD_REQUEST", reason: "validation_failed" });
  });

  it("manages participants, entries and orders", async () => {
    const people = await makeParticipants(ctx, 4, "gqlo");
    const s = (await ok(ADD, { i: { session: template.id, datetime: "2031-08-01T08:00:00Z" } })).addScheduledSession;
    const added = (
      await ok(
        `mutation($id: ID!, $p: [ID!]!) { addParticipantsToScheduledSession(id: $id, participants: $p, invite: true) { participantCount participants { email } } }`,
        {
          id: s._id,
          p: people,
        },
      )
    ).addParticipantsToScheduledSession;
    expect(added.participantCount).toBe(4);
    for (const { email } of added.participants) {
      const mail = await lastMailTo(email);
      expect(mail?.subject).toContain("Invitation: Crane session");
      expect(mail?.textBody).toContain(`http://app.test/user/signup/${s.loginCode}?tenant=${slug}`);
    }
    const page = (
      await ok(
        `query($id: ID!) { scheduledSessionParticipantEntries(scheduledSessionId: $id, first: 3) { edges { node { ${ENTRY} } } pageInfo { totalCount hasNextPage } } }`,
        {
          id: s._id,
        },
      )
    ).scheduledSessionParticipantEntries;
    expect(page.pageInfo).toEqual({ totalCount: 4, hasNextPage: true });
    expect(page.edges[0].node).toMatchObject({
      _type: "ScheduledSessionParticipantEntry",
      scheduledSession: s._id,
      participantId: people[0],
      ready: false,
      sessionAnswers: [],
    });

    const auto = (
      await ok(
        `mutation($id: ID!) { automaticallyAssignScheduledSessionOrder(scheduledSessionId: $id, orderingType: NON_OVERLAPPING) { participantId sessionOrder } }`,
        { id: s._id },
      )
    ).automaticallyAssignScheduledSessionOrder;
    const [a, b, c] = template.evaluations as [string, string, string];
    expect(auto.map((e: any) => e.sessionOrder)).toEqual([
      [a, b, c],
      [b, c, a],
      [c, a, b],
      [a, b, c],
    ]);
    const saved = (
      await ok(
        `mutation($p: ID!, $s: ID!, $o: [ID!]!) { saveScheduledSessionOrder(participantId: $p, scheduledSessionId: $s, sessionOrder: $o) { sessionOrder } }`,
        {
          p: people[3],
          s: s._id,
          o: [c, b, a],
        },
      )
    ).saveScheduledSessionOrder;
    expect(saved.sessionOrder).toEqual([c, b, a]);
    const bad = await fails(
      `mutation($p: ID!, $s: ID!, $o: [ID!]!) { saveScheduledSessionOrder(participantId: $p, scheduledSessionId: $s, sessionOrder: $o) { sessionOrder } }`,
      {
        p: people[3],
        s: s._id,
        o: [c, c, a],
      },
    );
    expect(bad.code).toBe("BAD_REQUEST");
    const manual = (
      await ok(
        `mutation($s: ID!, $p: ID!, $e: ID!) { manuallyAssignEvaluationToParticipant(scheduledSessionId: $s, participantId: $p, evaluation: $e, position: 0) { sessionOrder } }`,
        {
          s: s._id,
          p: people[3],
          e: a,
        },
      )
    ).manuallyAssignEvaluationToParticipant;
    expect(manual.sessionOrder).toEqual([a, b, c]);
    const one = (
      await ok(
        `mutation($s: ID!, $p: ID!) { overrideScheduledSessionParticipantEntry(scheduledSessionId: $s, participantId: $p, input: { ready: true }) { ready } }`,
        {
          s: s._id,
          p: people[0],
        },
      )
    ).overrideScheduledSessionParticipantEntry;
    expect(one.ready).toBe(true);
    const all = (
      await ok(
        `mutation($s: ID!) { overrideScheduledSessionParticipantEntries(scheduledSessionId: $s, input: { ready: true, sessionStart: "2031-08-01T08:05:00Z" }) { ready sessionStart } }`,
        {
          s: s._id,
        },
      )
    ).overrideScheduledSessionParticipantEntries;
    expect(all.every((e: any) => e.ready && e.sessionStart === "2031-08-01T08:05:00.000Z")).toBe(true);
    const entry = (
      await ok(
        `query($s: ID!, $p: ID!) { scheduledSessionParticipantEntry(scheduledSessionId: $s, participantId: $p) { participant { _id } ready } }`,
        { s: s._id, p: people[1] },
      )
    ).scheduledSessionParticipantEntry;
    expect(entry).toEqual({ participant: { _id: people[1] }, ready: true });
    // Everyone has a sessionStart now: removing one is refused and deletes nothing …
    const started = await fails(
      `mutation($id: ID!, $p: ID!) { removeParticipantFromScheduledSession(id: $id, participant: $p) { id } }`,
      { id: s._id, p: people[1] },
    );
    expect(started).toMatchObject({ code: "BAD_REQUEST", reason: "participant_started" });
    expect(
      (
        await ok(
          `query($s: ID!, $p: ID!) { scheduledSessionParticipantEntry(scheduledSessionId: $s, participantId: $p) { ready } }`,
          { s: s._id, p: people[1] },
        )
      ).scheduledSessionParticipantEntry.ready,
    ).toBe(true);
    // … until the start is undone.
    await ok(
      `mutation($s: ID!, $p: ID!) { overrideScheduledSessionParticipantEntry(scheduledSessionId: $s, participantId: $p, input: { sessionStart: null }) { ready } }`,
      { s: s._id, p: people[1] },
    );
    const removed = (
      await ok(
        `mutation($id: ID!, $p: ID!) { removeParticipantFromScheduledSession(id: $id, participant: $p) { id } }`,
        { id: s._id, p: people[1] },
      )
    ).removeParticipantFromScheduledSession;
    expect(removed.id).toBe(people[1]);
    expect(
      (
        await fails(
          `query($s: ID!, $p: ID!) { scheduledSessionParticipantEntry(scheduledSessionId: $s, participantId: $p) { ready } }`,
          { s: s._id, p: people[1] },
        )
      ).reason,
    ).toBe("scheduled_session_participant_entry_not_found");
  });

  it("removal answers the union and removes with removeReferences", async () => {
    const people = await makeParticipants(ctx, 2, "gqlr");
    const s = (await ok(ADD, { i: { session: template.id, datetime: "2031-09-01T08:00:00Z", participants: people } }))
      .addScheduledSession;
    const confirm = (await ok(REMOVE, { id: s._id, r: [] })).removeScheduledSession;
    expect(confirm.__typename).toBe("RemoveConfirmation");
    expect(confirm.references).toHaveLength(2);
    expect(confirm.references[0]).toMatchObject({ type: "ScheduledSessionParticipantEntry", canBeSafelyRemoved: true });
    const done = (await ok(REMOVE, { id: s._id, r: confirm.references.map((r: any) => r.id) })).removeScheduledSession;
    expect(done).toEqual({ __typename: "RemoveResult", id: s._id });
    expect((await fails(`query($id: ID!) { scheduledSessionById(id: $id) { _id } }`, { id: s._id })).reason).toBe(
      "scheduled_session_not_found",
    );
    const empty = (await ok(ADD, { i: { session: template.id, datetime: "2031-09-02T08:00:00Z" } }))
      .addScheduledSession;
    expect((await ok(REMOVE, { id: empty._id })).removeScheduledSession).toEqual({
      __typename: "RemoveResult",
      id: empty._id,
    });
  });

  it("refuses removing a location used by a scheduled session with OBJECT_REFERENCED", async () => {
    const location = await makeLocation(ctx, "Busy hall");
    const s = (await ok(ADD, { i: { session: template.id, datetime: "2031-10-01T08:00:00Z", location } }))
      .addScheduledSession;
    const err = await fails(`mutation($id: ID!) { removeLocation(id: $id) { id } }`, { id: location });
    expect(err.code).toBe("OBJECT_REFERENCED");
    expect(err.references).toEqual([{ id: s._id, title: s.reference, type: "ScheduledSession" }]);
  });

  it("a READER may read but not write; another tenant gets NOT_FOUND everywhere", async () => {
    const [p] = await makeParticipants(ctx, 1, "gqli");
    const s = (await ok(ADD, { i: { session: template.id, datetime: "2031-11-01T08:00:00Z", participants: [p] } }))
      .addScheduledSession;
    expect(
      (await ok(`query($id: ID!) { scheduledSessionById(id: $id) { _id } }`, { id: s._id }, readerCookie))
        .scheduledSessionById._id,
    ).toBe(s._id);
    const writes: Array<[string, Record<string, unknown>]> = [
      [ADD, { i: { session: template.id, datetime: "2031-11-01T08:00:00Z" } }],
      [`mutation($id: ID!) { updateScheduledSession(id: $id, input: { status: CANCELED }) { _id } }`, { id: s._id }],
      [`mutation($id: ID!) { cancelScheduledSession(id: $id) { _id } }`, { id: s._id }],
      [REMOVE, { id: s._id, r: [] }],
      [
        `mutation($id: ID!, $p: ID!) { addParticipantsToScheduledSession(id: $id, participants: [$p]) { _id } }`,
        { id: s._id, p },
      ],
      [
        `mutation($id: ID!, $p: ID!) { removeParticipantFromScheduledSession(id: $id, participant: $p) { id } }`,
        { id: s._id, p },
      ],
      [
        `mutation($id: ID!) { automaticallyAssignScheduledSessionOrder(scheduledSessionId: $id, orderingType: NON_OVERLAPPING) { ready } }`,
        { id: s._id },
      ],
      [
        `mutation($id: ID!, $p: ID!, $o: [ID!]!) { saveScheduledSessionOrder(participantId: $p, scheduledSessionId: $id, sessionOrder: $o) { ready } }`,
        { id: s._id, p, o: template.evaluations },
      ],
      [
        `mutation($id: ID!, $p: ID!, $e: ID!) { manuallyAssignEvaluationToParticipant(scheduledSessionId: $id, participantId: $p, evaluation: $e, position: 1) { ready } }`,
        { id: s._id, p, e: template.evaluations[0] },
      ],
      [
        `mutation($id: ID!, $p: ID!) { overrideScheduledSessionParticipantEntry(scheduledSessionId: $id, participantId: $p, input: { ready: true }) { ready } }`,
        { id: s._id, p },
      ],
      [
        `mutation($id: ID!) { overrideScheduledSessionParticipantEntries(scheduledSessionId: $id, input: { ready: true }) { ready } }`,
        { id: s._id },
      ],
    ];
    for (const [q, v] of writes) expect((await fails(q, v, readerCookie)).code, q).toBe("FORBIDDEN");
    const reads: Array<[string, Record<string, unknown>]> = [
      [`query($id: ID!) { scheduledSessionById(id: $id) { _id } }`, { id: s._id }],
      [
        `query($id: ID!) { scheduledSessionParticipantEntries(scheduledSessionId: $id) { pageInfo { totalCount } } }`,
        { id: s._id },
      ],
      [
        `query($id: ID!, $p: ID!) { scheduledSessionParticipantEntry(scheduledSessionId: $id, participantId: $p) { ready } }`,
        { id: s._id, p },
      ],
    ];
    for (const [q, v] of [...reads, ...writes.slice(1)])
      expect((await fails(q, v, otherManager)).code, q).toBe("NOT_FOUND");
    expect((await fails(writes[0]![0], writes[0]![1], otherManager)).reason).toBe("session_not_found");
    const otherList = (await ok(`{ allScheduledSessions { edges { node { _id } } } }`, {}, otherManager))
      .allScheduledSessions;
    expect(otherList.edges).toEqual([]);
    // Unauthenticated callers get UNAUTHORIZED.
    expect((await fails(`{ allScheduledSessions { edges { node { _id } } } }`, {}, "")).code).toBe("UNAUTHORIZED");
  });
});

describe("scheduling over GraphQL (participant)", () => {
  it("signs up with a code (idempotent), refuses wrong and closed codes, lists own sessions", async () => {
    const location = await makeLocation(ctx, "Quay");
    const s = (await ok(ADD, { i: { session: template.id, datetime: "2039-01-01T08:00:00Z", location } }))
      .addScheduledSession;
    await addParticipant(slug, "gql-user@example.test", "Gus User");
    const user = await loginOverGraphQL("user", slug, "gql-user@example.test");
    const SIGN = `mutation($c: String!) { signUpForScheduledSession(code: $c) { _id reference sessionName datetime status location { name city } } }`;
    const signed = (await ok(SIGN, { c: s.loginCode.toLowerCase() }, user, "user")).signUpForScheduledSession;
    expect(signed).toMatchObject({
      _id: s._id,
      reference: s.reference,
      sessionName: "Crane session",
      status: "SCHEDULED",
      location: { name: "Quay", city: "Ghent" },
    });
    expect((await ok(SIGN, { c: s.loginCode }, user, "user")).signUpForScheduledSession._id).toBe(s._id);
    expect((await fails(SIGN, { c: "NOPE99" }, user, "user")).reason).toBe("scheduled_session_not_found");
    const closed = (
      await ok(ADD, { i: { session: template.id, datetime: "2039-01-02T08:00:00Z", status: "COMPLETED" } })
    ).addScheduledSession;
    expect(await fails(SIGN, { c: closed.loginCode }, user, "user")).toMatchObject({
      code: "BAD_REQUEST",
      reason: "scheduled_session_closed",
    });
    const mine = (await ok(`{ myScheduledSessions { upcoming { _id } past { _id } } }`, {}, user, "user"))
      .myScheduledSessions;
    expect(mine).toEqual({ upcoming: [{ _id: s._id }], past: [] });
    const entries = (await ok(`query($id: ID!) { scheduledSessionById(id: $id) { participantCount } }`, { id: s._id }))
      .scheduledSessionById;
    expect(entries.participantCount).toBe(1);
    // Another tenant's participant cannot use this tenant's code.
    const otherSlug = (await makeTenant("sch-gql-c")).tenant.slug;
    await addParticipant(otherSlug, "gql-user@example.test", "Gus Elsewhere");
    const otherUser = await loginOverGraphQL("user", otherSlug, "gql-user@example.test");
    expect((await fails(SIGN, { c: s.loginCode }, otherUser, "user")).reason).toBe("scheduled_session_not_found");
    expect((await fails(SIGN, { c: s.loginCode }, "", "user")).code).toBe("UNAUTHORIZED");
    // Staff cookies do not work on the user API.
    expect((await fails(SIGN, { c: s.loginCode }, manager, "user")).code).toBe("UNAUTHORIZED");
  });
});
