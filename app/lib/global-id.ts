/**
 * The id of an object that has no row of its own but belongs to others: a participant's correction
 * (scheduled session + participant) or a part of one report (report + evaluation + question).
 * Ids of rows are random and never contain ":", so joining the owners' ids gives an id no other
 * object of the same GraphQL type has, and the same one on every read (ADR 0041).
 */
export const compositeId = (...parts: string[]): string => parts.join(":");

/** A participant's correction: one per (scheduled session, participant), whether or not it was saved yet. */
export const correctionId = (scheduledSessionId: string, participantId: string): string =>
  compositeId(scheduledSessionId, participantId);
