// Re-planning a running circuit (issue 32) as pure functions on the grid: one cell per participant
// per round. Every action changes only the rounds from `from` on (the first round nobody has begun),
// so what was answered or marked in earlier rounds is never touched, and every result is checked:
// nobody at two stations at once, no station over its capacity.

import type { CircuitCell, CircuitGrid } from "~db/tenant/schema";
import { AppError } from "~/lib/app-error";

/** The first plan: a rotation over the stations and the rest posts (participant i in round r at post (i + r) mod posts). */
export function initialGrid(
  participants: readonly string[],
  stations: readonly string[],
  restStations: number,
): CircuitGrid {
  const posts = stations.length + Math.max(0, restStations);
  const rounds = posts;
  const cells: Record<string, CircuitCell[]> = {};
  participants.forEach((p, i) => {
    cells[p] = Array.from({ length: rounds }, (_, r) => {
      const post = (i + r) % posts;
      return post < stations.length ? { evaluation: stations[post]! } : { evaluation: null, why: "rest" as const };
    });
  });
  return {
    rounds,
    baseRounds: rounds,
    capacity: Math.max(1, Math.ceil(participants.length / Math.max(1, posts))),
    cells,
    absent: {},
    closed: {},
  };
}

/** Who is at a station in a round. */
export function occupants(grid: CircuitGrid, evaluation: string, round: number): string[] {
  return Object.keys(grid.cells).filter((p) => grid.cells[p]![round]?.evaluation === evaluation);
}

/** Where a participant is in a round (null when the round does not exist). */
export const cellOf = (grid: CircuitGrid, participant: string, round: number): CircuitCell | null =>
  grid.cells[participant]?.[round] ?? null;

const isClosedAt = (grid: CircuitGrid, evaluation: string, round: number) =>
  grid.closed[evaluation] !== undefined && grid.closed[evaluation]! <= round;

function copy(grid: CircuitGrid): CircuitGrid {
  return {
    ...grid,
    cells: Object.fromEntries(Object.entries(grid.cells).map(([p, row]) => [p, row.map((c) => ({ ...c }))])),
    absent: { ...grid.absent },
    closed: { ...grid.closed },
  };
}

function requireParticipant(grid: CircuitGrid, participant: string): CircuitCell[] {
  const row = grid.cells[participant];
  if (!row) throw new AppError("NOT_FOUND", "scheduled_session_participant_entry_not_found");
  return row;
}

/** Adds an empty round at the end: everyone rests in it until a carry-over is placed there. */
function appendRound(grid: CircuitGrid): void {
  for (const row of Object.values(grid.cells)) row.push({ evaluation: null, why: "rest" });
  grid.rounds += 1;
}

/**
 * Gives a participant a station they missed: in the first round from `from` that is a carry-over
 * round, where they are free and the station has room, else in a new round at the end.
 */
function placeCarryOver(grid: CircuitGrid, participant: string, evaluation: string, from: number): void {
  const row = requireParticipant(grid, participant);
  const absent = grid.absent[participant] !== undefined;
  for (let r = Math.max(from, grid.baseRounds); ; r++) {
    if (r >= grid.rounds) appendRound(grid);
    const cell = row[r]!;
    const free = cell.evaluation === null && cell.planned === undefined;
    if (!free || occupants(grid, evaluation, r).length >= grid.capacity) continue;
    // A station still closed (until reopened) or an absent participant: the place is kept, empty.
    if (absent) row[r] = { evaluation: null, planned: evaluation, why: "absent", carry: true };
    else if (isClosedAt(grid, evaluation, r))
      row[r] = { evaluation: null, planned: evaluation, why: "closed", carry: true };
    else row[r] = { evaluation, carry: true };
    return;
  }
}

/** Puts a participant back at a planned station from round `r`, or gives it as a carry-over when it cannot be. */
function restore(grid: CircuitGrid, participant: string, r: number, from: number): void {
  const row = grid.cells[participant]!;
  const cell = row[r]!;
  const station = cell.planned!;
  if (isClosedAt(grid, station, r)) {
    row[r] = { ...cell, why: "closed" };
    return;
  }
  if (occupants(grid, station, r).length >= grid.capacity) {
    row[r] = { evaluation: null, why: "rest" };
    placeCarryOver(grid, participant, station, from);
    return;
  }
  row[r] = { evaluation: station, ...(cell.carry ? { carry: true } : {}) };
}

/** Checks what every action keeps: nobody at two stations at once, no station over capacity, every row as long as the circuit. */
export function assertGrid(grid: CircuitGrid, names: (evaluation: string) => string = (e) => e): void {
  for (const [participant, row] of Object.entries(grid.cells)) {
    if (row.length !== grid.rounds)
      throw new AppError("BAD_REQUEST", "circuit_two_stations_at_once", { values: { participant, round: 0 } });
  }
  for (let r = 0; r < grid.rounds; r++) {
    const counts = new Map<string, number>();
    for (const row of Object.values(grid.cells)) {
      const e = row[r]!.evaluation;
      if (e) counts.set(e, (counts.get(e) ?? 0) + 1);
    }
    for (const [e, n] of counts)
      if (n > grid.capacity)
        throw new AppError("BAD_REQUEST", "circuit_station_overbooked", {
          values: { station: names(e), round: r + 1 },
        });
  }
}

function checked(grid: CircuitGrid): CircuitGrid {
  assertGrid(grid);
  return grid;
}

/** Marks a participant absent from round `from` (their stations stay empty), or present again (no carry-over). */
export function setAbsent(grid: CircuitGrid, participant: string, absent: boolean, from: number): CircuitGrid {
  const next = copy(grid);
  const row = requireParticipant(next, participant);
  if (absent) {
    if (next.absent[participant] !== undefined) throw new AppError("BAD_REQUEST", "circuit_already_absent");
    next.absent[participant] = from;
    for (let r = from; r < next.rounds; r++) {
      const cell = row[r]!;
      if (cell.evaluation !== null) row[r] = { ...cell, evaluation: null, planned: cell.evaluation, why: "absent" };
      else if (cell.why === "closed") row[r] = { ...cell, why: "absent" };
    }
    return checked(next);
  }
  if (next.absent[participant] === undefined) throw new AppError("BAD_REQUEST", "circuit_not_absent");
  delete next.absent[participant];
  for (let r = from; r < next.rounds; r++)
    if (row[r]!.why === "absent" && row[r]!.planned) restore(next, participant, r, from);
  return checked(next);
}

/**
 * Admits a participant marked absent into round `from`: their stations from then on are theirs
 * again, and each station they missed while absent is added as a carry-over round at the end.
 */
export function admitLate(grid: CircuitGrid, participant: string, from: number): CircuitGrid {
  const next = copy(grid);
  const row = requireParticipant(next, participant);
  const since = next.absent[participant];
  if (since === undefined) throw new AppError("BAD_REQUEST", "circuit_not_absent");
  delete next.absent[participant];
  const missed: string[] = [];
  for (let r = since; r < Math.min(from, next.rounds); r++) {
    const cell = row[r]!;
    if (cell.why === "absent" && cell.planned) missed.push(cell.planned);
  }
  for (let r = from; r < next.rounds; r++)
    if (row[r]!.why === "absent" && row[r]!.planned) restore(next, participant, r, from);
  for (const station of missed) placeCarryOver(next, participant, station, from);
  return checked(next);
}

/**
 * Closes a station from round `from` (its participants then rest), or reopens it: from `from` its
 * participants are back, and everyone who missed it while it was closed gets a carry-over round.
 */
export function setClosed(grid: CircuitGrid, evaluation: string, closed: boolean, from: number): CircuitGrid {
  const next = copy(grid);
  if (closed) {
    if (next.closed[evaluation] !== undefined) throw new AppError("BAD_REQUEST", "circuit_station_already_closed");
    next.closed[evaluation] = from;
    for (const row of Object.values(next.cells))
      for (let r = from; r < next.rounds; r++)
        if (row[r]!.evaluation === evaluation)
          row[r] = { ...row[r]!, evaluation: null, planned: evaluation, why: "closed" };
    return checked(next);
  }
  const since = next.closed[evaluation];
  if (since === undefined) throw new AppError("BAD_REQUEST", "circuit_station_not_closed");
  delete next.closed[evaluation];
  const missed: string[] = [];
  for (const [participant, row] of Object.entries(next.cells)) {
    for (let r = since; r < Math.min(from, next.rounds); r++)
      if (row[r]!.why === "closed" && row[r]!.planned === evaluation) missed.push(participant);
    for (let r = from; r < next.rounds; r++)
      if (row[r]!.why === "closed" && row[r]!.planned === evaluation) restore(next, participant, r, from);
  }
  for (const participant of missed) placeCarryOver(next, participant, evaluation, from);
  return checked(next);
}

/** Swaps two participants' places from round `from` on (neither has begun it). */
export function swap(grid: CircuitGrid, participants: readonly string[], from: number): CircuitGrid {
  const distinct = [...new Set(participants)];
  if (participants.length !== 2) throw new AppError("BAD_REQUEST", "circuit_swap_needs_two");
  // The same person twice would put them at both places at once.
  if (distinct.length !== 2) throw new AppError("BAD_REQUEST", "circuit_two_stations_at_once");
  const next = copy(grid);
  const [a, b] = distinct as [string, string];
  const rowA = requireParticipant(next, a);
  const rowB = requireParticipant(next, b);
  for (const p of distinct)
    if (next.absent[p] !== undefined) throw new AppError("BAD_REQUEST", "circuit_participant_absent");
  for (let r = from; r < next.rounds; r++) [rowA[r], rowB[r]] = [rowB[r]!, rowA[r]!];
  // Each keeps the stations they had: a swap after different first rounds would give one of them a
  // station twice and take another away.
  const stationsOf = (row: CircuitCell[]) =>
    JSON.stringify(
      row
        .map((c) => c.evaluation ?? c.planned)
        .filter(Boolean)
        .sort(),
    );
  if (stationsOf(rowA) !== stationsOf(grid.cells[a]!) || stationsOf(rowB) !== stationsOf(grid.cells[b]!))
    throw new AppError("BAD_REQUEST", "circuit_swap_repeats_station");
  return checked(next);
}

/** Adds an empty carry-over round at the end. */
export function addCarryOverRound(grid: CircuitGrid): CircuitGrid {
  const next = copy(grid);
  appendRound(next);
  return checked(next);
}

/** Adds a participant who joined the session after the circuit was planned: resting until they are placed. */
export function withParticipant(grid: CircuitGrid, participant: string): CircuitGrid {
  if (grid.cells[participant]) return grid;
  const next = copy(grid);
  next.cells[participant] = Array.from({ length: next.rounds }, () => ({ evaluation: null, why: "rest" as const }));
  return next;
}

/** The participant's stations in circuit order (what their entry's order becomes at the start). */
export function stationOrderOf(grid: CircuitGrid, participant: string, stations: readonly string[]): string[] {
  const seen = (grid.cells[participant] ?? []).map((c) => c.evaluation).filter((e): e is string => !!e);
  const order = [...new Set(seen)];
  return [...order, ...stations.filter((s) => !order.includes(s))];
}
