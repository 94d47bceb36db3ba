import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { timestamp } from "./columns";
import { scheduledSessions } from "./scheduling";

// Circuit mode (issue 32): a scheduled session run as a circuit of stations in rounds, driven by
// one clock kept by the server (app/modules/circuit). The settings live on the session (and, as
// defaults, on its template); the run's clock and re-planned grid live in `circuit_runs`.

/** A circuit's timing: every round is READING, STATION, CHANGEOVER; `restStations` adds rest posts to the rotation. */
export type CircuitSettings = {
  readingSeconds: number;
  stationSeconds: number;
  changeoverSeconds: number;
  restStations: number;
};

/** A stop of the circuit clock: `end` null while it lasts (epoch milliseconds). */
export type CircuitPause = { start: number; end: number | null };

/**
 * Where one participant is in one round. `evaluation` null: at no station (a rest post, absent, or
 * their station closed). `planned`: the station they were planned at when absence or a closed
 * station took it. `carry`: a carry-over of a station missed earlier.
 */
export type CircuitCell = {
  evaluation: string | null;
  planned?: string;
  why?: "rest" | "absent" | "closed";
  carry?: boolean;
};

/** The re-planned circuit: for each participant one cell per round (every list as long as `rounds`). */
export type CircuitGrid = {
  rounds: number;
  /** Rounds of the first plan; those after it are carry-over rounds. */
  baseRounds: number;
  cells: Record<string, CircuitCell[]>;
  /** How many participants a station takes in one round: 1, or more when there are more participants than posts. */
  capacity: number;
  /** Participants marked absent, from the round given. */
  absent: Record<string, number>;
  /** Stations closed, from the round given, until reopened. */
  closed: Record<string, number>;
};

/** One running circuit per scheduled session: when its clock started, its pauses and its grid. */
export const circuitRuns = sqliteTable("circuit_runs", {
  scheduledSessionId: text("scheduled_session_id")
    .primaryKey()
    .references(() => scheduledSessions.id, { onDelete: "cascade" }),
  startedAt: timestamp("started_at").notNull(),
  pauses: text("pauses", { mode: "json" }).$type<CircuitPause[]>().notNull(),
  grid: text("grid", { mode: "json" }).$type<CircuitGrid>().notNull(),
  /** The last round whose moves were made (-1: none): the process that raises it makes them, once. */
  movedRound: integer("moved_round").notNull().default(-1),
  /** Moves with every change of the run, so a screen can tell an older schedule from a newer one. */
  rev: integer("rev").notNull().default(1),
  updatedAt: timestamp("updated_at").notNull(),
});
