import { beforeAll, describe, expect, it } from "vitest";
import { makeTenant, staffCtx } from "../support/tenants";
import { gql, loginOverGraphQL } from "../support/graphql";
import { makeParticipants } from "../scheduling/fixtures";

// Circuit mode through the real admin GraphQL endpoint (issue 32): settings in the scheduled
// session's input, the template's defaults, circuitClock, the re-planning mutations with their
// translated refusals and codes.

let admin: string;
let reader: string;
let stations: string[];
let people: string[];
let template: string;

async function call(cookie: string, query: string, variables: Record<string, unknown> = {}, locale?: string) {
  return (await gql("admin", query, variables, { cookie, locale })).body;
}

const SETTINGS = { readingSeconds: 30, stationSeconds: 240, changeoverSeconds: 30, restStations: 1 };
const ADD = `mutation($i: ScheduledSessionInput!) { addScheduledSession(input: $i) { _id circuit { readingSeconds stationSeconds changeoverSeconds restStations } } }`;
const CLOCK = `query($s: ID!) { circuitClock(scheduledSession: $s) { round phase remainingSeconds paused } }`;
const GRID = `{ rounds baseRounds nextRound closedStations participants { participant absent places { round evaluation planned why carryOver } } }`;

beforeAll(async () => {
  const { tenant } = await makeTenant();
  const ctx = await staffCtx(tenant.slug);
  admin = await loginOverGraphQL("admin", tenant.slug, `manager@${tenant.slug}.test`);
  const r = await staffCtx(tenant.slug, ["ORGANIZATION_READER"]);
  reader = await loginOverGraphQL("admin", tenant.slug, (r.actor as { email: string }).email);
  stations = [];
  for (const name of ["A", "B", "C"]) {
    const body = await call(admin, `mutation($i: EvaluationInput!) { addEvaluation(input: $i) { _id } }`, {
      i: { name: `Station ${name}` },
    });
    stations.push(body.data.addEvaluation._id);
  }
  const t = await call(
    admin,
    `mutation($i: SessionInput!) { addSession(input: $i) { _id circuit { stationSeconds restStations } } }`,
    { i: { name: "OSCE", evaluations: stations, passPercentage: 50, circuit: SETTINGS } },
  );
  expect(t.data.addSession.circuit).toEqual({ stationSeconds: 240, restStations: 1 });
  template = t.data.addSession._id;
  people = await makeParticipants(ctx, 4, "gqlcircuit");
});

describe("circuit mode over GraphQL", () => {
  it("takes the template's defaults, or the input's, or none; refuses settings out of range", async () => {
    const datetime = new Date(Date.now() + 86_400_000).toISOString();
    const inherited = await call(admin, ADD, { i: { session: template, datetime } });
    expect(inherited.data.addScheduledSession.circuit).toEqual(SETTINGS);
    const own = await call(admin, ADD, {
      i: { session: template, datetime, circuit: { ...SETTINGS, stationSeconds: 300 } },
    });
    expect(own.data.addScheduledSession.circuit.stationSeconds).toBe(300);
    const none = await call(admin, ADD, { i: { session: template, datetime, circuit: null } });
    expect(none.data.addScheduledSession.circuit).toBeNull();
    const refused = await call(
      admin,
      ADD,
      { i: { session: template, datetime, circuit: { ...SETTINGS, stationSeconds: 5 } } },
      "fr-fr",
    );
    expect(refused.errors![0]!.extensions!.code).toBe("BAD_REQUEST");
    expect(JSON.stringify(refused.errors![0]!.extensions)).toContain("circuit.stationSeconds");
    expect(await call(admin, CLOCK, { s: none.data.addScheduledSession._id })).toMatchObject({
      errors: [{ extensions: { code: "BAD_REQUEST", reason: "circuit_not_set" } }],
    });
  });

  it("runs a circuit: the clock, re-planning, and refusals with their code in the caller's language", async () => {
    const added = await call(admin, ADD, {
      i: { session: template, datetime: new Date(Date.now() + 3600_000).toISOString(), participants: people },
    });
    const s = added.data.addScheduledSession._id;
    expect((await call(admin, CLOCK, { s })).data.circuitClock).toBeNull();
    await call(admin, `mutation($id: ID!) { startScheduledSession(id: $id) { status } }`, { id: s });
    expect((await call(reader, CLOCK, { s })).data.circuitClock).toEqual({
      round: 1,
      phase: "READING",
      remainingSeconds: 30,
      paused: false,
    });
    const absent = await call(
      admin,
      `mutation($s: ID!, $p: ID!) { setParticipantAbsent(scheduledSession: $s, participant: $p, absent: true) ${GRID} }`,
      { s, p: people[0] },
    );
    const row = absent.data.setParticipantAbsent.participants.find(
      (p: { participant: string }) => p.participant === people[0],
    );
    expect(absent.data.setParticipantAbsent.nextRound).toBe(2);
    expect(row.absent).toBe(true);
    expect(row.places[0]).toEqual({ round: 1, evaluation: stations[0], planned: null, why: null, carryOver: false });
    expect(row.places[1]).toEqual({
      round: 2,
      evaluation: null,
      planned: stations[1],
      why: "ABSENT",
      carryOver: false,
    });
    const admitted = await call(
      admin,
      `mutation($s: ID!, $p: ID!) { admitLateParticipant(scheduledSession: $s, participant: $p) ${GRID} }`,
      { s, p: people[0] },
    );
    // Admitted before round 2 began: nothing missed, nothing carried over.
    expect(admitted.data.admitLateParticipant.rounds).toBe(4);
    const closed = await call(
      admin,
      `mutation($s: ID!, $e: ID!) { closeStation(scheduledSession: $s, evaluation: $e, closed: true) ${GRID} }`,
      { s, e: stations[2] },
    );
    expect(closed.data.closeStation.closedStations).toEqual([stations[2]]);
    const carry = await call(admin, `mutation($s: ID!) { addCarryOverRound(scheduledSession: $s) ${GRID} }`, { s });
    expect(carry.data.addCarryOverRound).toMatchObject({ rounds: 5, baseRounds: 4 });
    const refused = await call(
      admin,
      `mutation($s: ID!, $p: [ID!]!) { swapParticipants(scheduledSession: $s, participants: $p) { rounds } }`,
      { s, p: [people[1], people[1]] },
      "nl-nl",
    );
    expect(refused.errors![0]!.extensions).toMatchObject({
      code: "BAD_REQUEST",
      reason: "circuit_two_stations_at_once",
    });
    expect(refused.errors![0]!.message).toBe("Door deze wijziging zou één deelnemer op twee stations tegelijk staan.");
    const forbidden = await call(reader, `mutation($s: ID!) { addCarryOverRound(scheduledSession: $s) { rounds } }`, {
      s,
    });
    expect(forbidden.errors![0]!.extensions!.code).toBe("FORBIDDEN");
  });
});
