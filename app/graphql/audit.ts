import * as auditM from "~/modules/audit/index.server";
import type { AuditRow } from "~/modules/audit/index.server";
import * as incidentsM from "~/modules/incidents/index.server";
import { ctxOf, type Args, type SchemaPiece } from "./types";

// Incidents and the audit trail over GraphQL (issue 32). Thin: every rule is in
// app/modules/incidents and app/modules/audit.

export const auditPiece: SchemaPiece = {
  typeDefs: /* GraphQL */ `
    enum IncidentCategory {
      EQUIPMENT
      ILLNESS
      MISCONDUCT
      EXAMINER_CONCERN
      TIMING
      OTHER
    }
    "An incident or cause for comment: on a participant, a station (evaluation), or (both null) the whole session. Staff only."
    type Incident {
      _id: ID!
      scheduledSession: ID!
      participant: ID
      evaluation: ID
      category: IncidentCategory!
      text: String!
      at: DateTime!
      "The staff member who recorded it."
      recordedBy: ID!
      recordedByName: String!
    }
    input RecordIncidentInput {
      scheduledSession: ID!
      "Left out: a station or the whole session."
      participant: ID
      "Left out: the participant or the whole session."
      evaluation: ID
      category: IncidentCategory!
      "Up to 5,000 characters; may be left out (an examiner records one in two taps)."
      text: String
    }
    enum AuditKind {
      ANSWER
      OVERRIDE
      SESSION
      TICK
      SCORE
      COMMENT
      GLOBAL_RATING
      LATE_ACCEPTANCE
      REPORT
      REPLAN
      INCIDENT
    }
    enum AuditActorType {
      STAFF
      PARTICIPANT
      SYSTEM
    }
    "One change recorded in the append-only audit trail."
    type AuditEntry {
      "The session's id and the entry's number: unique across organisations."
      _id: ID!
      at: DateTime!
      "Who made the change: a staff member's or participant's name, or the app's job (e.g. server_outage)."
      actor: String!
      actorType: AuditActorType!
      actorId: ID
      "e.g. answer.saved, override.SESSION_PAUSE, tick, global-rating, late.accepted, report.released, incident.recorded."
      action: String!
      kind: AuditKind!
      "The device it came from (device:<id> or address:<ip>), and the app process (host:pid)."
      device: String
      process: String
      participant: ID
      evaluation: ID
      question: ID
      stepIndex: Int
      "The value before the change, as JSON text (its shape depends on the action); null: nothing, or not read."
      before: String
      "The value after the change, as JSON text."
      after: String
    }
    extend type Query {
      "A session's incidents, oldest first; with a participant, theirs and those about a station or the whole session."
      incidents(scheduledSession: ID!, participant: ID): [Incident!]!
      "A participant's audit trail in a session (with the session-wide entries), oldest first. Staff who correct sessions."
      auditTrail(scheduledSession: ID!, participant: ID!, kinds: [AuditKind!]): [AuditEntry!]!
    }
    extend type Mutation {
      "Records an incident (staff who run or mark sessions)."
      recordIncident(input: RecordIncidentInput!): Incident!
    }
  `,
  resolvers: {
    AuditEntry: {
      _id: (r: AuditRow) => `${r.scheduledSession}:${r.id}`,
      actor: (r: AuditRow) => r.actorName ?? r.actorId ?? r.actorType,
      // Values of many shapes: JSON text keeps the schema typed (no JSON scalar, ADR 0041).
      before: (r: AuditRow) => (r.before == null ? null : JSON.stringify(r.before)),
      after: (r: AuditRow) => (r.after == null ? null : JSON.stringify(r.after)),
    },
    Query: {
      incidents: (_p, a: Args, g) =>
        incidentsM.listIncidents(ctxOf(g), { scheduledSession: a.scheduledSession, participant: a.participant }),
      auditTrail: (_p, a: Args, g) =>
        auditM.auditTrail(ctxOf(g), {
          scheduledSession: a.scheduledSession,
          participant: a.participant,
          kinds: a.kinds,
        }),
    },
    Mutation: {
      recordIncident: (_p, a: Args, g) => incidentsM.recordIncident(ctxOf(g), a.input),
    },
  },
};
