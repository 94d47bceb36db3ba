import * as circuitM from "~/modules/circuit/index.server";
import type { CircuitView } from "~/modules/circuit/index.server";
import { ctxOf, type Args, type SchemaPiece } from "./types";

// Circuit mode over GraphQL (issue 32). Thin: every rule is in app/modules/circuit.

const gridOf = (v: CircuitView) => ({
  scheduledSession: v.scheduledSession,
  rounds: v.grid?.rounds ?? 0,
  baseRounds: v.grid?.baseRounds ?? 0,
  nextRound: v.nextRound + 1,
  stations: v.stations,
  closedStations: Object.keys(v.grid?.closed ?? {}),
  participants: v.people.map((p) => ({
    participant: p.id,
    name: p.name,
    extraTimePercent: p.extraTimePercent,
    absent: v.grid?.absent[p.id] !== undefined,
    places: (v.grid?.cells[p.id] ?? []).map((c, i) => ({
      round: i + 1,
      evaluation: c.evaluation,
      planned: c.planned ?? null,
      why: c.why ? c.why.toUpperCase() : null,
      carryOver: !!c.carry,
    })),
  })),
});

export const circuitPiece: SchemaPiece = {
  typeDefs: /* GraphQL */ `
    enum CircuitPhase {
      READING
      STATION
      CHANGEOVER
      DONE
    }
    "The circuit's one clock, as the server keeps it."
    type CircuitClock {
      "1-based; the last round once DONE."
      round: Int!
      phase: CircuitPhase!
      remainingSeconds: Int!
      paused: Boolean!
    }
    enum CircuitPlaceReason {
      REST
      ABSENT
      CLOSED
    }
    type CircuitPlace {
      round: Int!
      "The station (evaluation) the participant is at; null: none this round."
      evaluation: ID
      "The station they were planned at, when absence or a closed station took it."
      planned: ID
      why: CircuitPlaceReason
      carryOver: Boolean!
    }
    type CircuitParticipantRow {
      participant: ID!
      name: String!
      extraTimePercent: Int!
      absent: Boolean!
      places: [CircuitPlace!]!
    }
    type CircuitStation {
      id: ID!
      name: String!
    }
    "The circuit's plan: one place per participant per round. Rounds before nextRound are never changed."
    type CircuitGrid {
      scheduledSession: ID!
      rounds: Int!
      "Rounds of the first plan; those after it are carry-over rounds."
      baseRounds: Int!
      "1-based: the first round nobody has begun."
      nextRound: Int!
      stations: [CircuitStation!]!
      closedStations: [ID!]!
      participants: [CircuitParticipantRow!]!
    }
    extend type Query {
      "Null until the circuit starts; BAD_REQUEST circuit_not_set when the session is not a circuit."
      circuitClock(scheduledSession: ID!): CircuitClock
      circuitGrid(scheduledSession: ID!): CircuitGrid!
    }
    extend type Mutation {
      "From the next round the participant's stations stay empty (absent: true), or are theirs again (false; no carry-over)."
      setParticipantAbsent(scheduledSession: ID!, participant: ID!, absent: Boolean!): CircuitGrid!
      "A participant marked absent joins the next round; the stations they missed are added as carry-over rounds."
      admitLateParticipant(scheduledSession: ID!, participant: ID!): CircuitGrid!
      "Closed from the next round; reopened, everyone who missed it gets a carry-over round."
      closeStation(scheduledSession: ID!, evaluation: ID!, closed: Boolean!): CircuitGrid!
      "Two participants trade places from the next round."
      swapParticipants(scheduledSession: ID!, participants: [ID!]!): CircuitGrid!
      addCarryOverRound(scheduledSession: ID!): CircuitGrid!
    }
  `,
  resolvers: {
    Query: {
      circuitClock: (_p, a: Args, g) => circuitM.circuitClock(ctxOf(g), a.scheduledSession),
      circuitGrid: async (_p, a: Args, g) => gridOf(await circuitM.circuitView(ctxOf(g), a.scheduledSession)),
    },
    Mutation: {
      setParticipantAbsent: async (_p, a: Args, g) =>
        gridOf(await circuitM.setParticipantAbsent(ctxOf(g), a.scheduledSession, a.participant, a.absent)),
      admitLateParticipant: async (_p, a: Args, g) =>
        gridOf(await circuitM.admitLateParticipant(ctxOf(g), a.scheduledSession, a.participant)),
      closeStation: async (_p, a: Args, g) =>
        gridOf(await circuitM.closeStation(ctxOf(g), a.scheduledSession, a.evaluation, a.closed)),
      swapParticipants: async (_p, a: Args, g) =>
        gridOf(await circuitM.swapParticipants(ctxOf(g), a.scheduledSession, a.participants)),
      addCarryOverRound: async (_p, a: Args, g) =>
        gridOf(await circuitM.addCarryOverRound(ctxOf(g), a.scheduledSession)),
    },
  },
};
