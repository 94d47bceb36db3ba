// What a station's list shows of each participant: pure, shared by the server and the screen.

/** Where a participant stands at a station, as the station's list says it. */
export type StationListState = "marked" | "here" | "due" | "unmarked";

/**
 * Marked, here now, still to come, or past the station but not marked yet. "Passed" read like a
 * result before anyone had marked: a participant is "not marked yet" until the examiner marks them.
 */
export function stationListState(p: {
  markedAt: Date | string | null;
  live: "here" | "due" | "done";
}): StationListState {
  if (p.markedAt) return "marked";
  return p.live === "done" ? "unmarked" : p.live;
}

/**
 * The participants in rotation order (the station's place in their own order, then name), numbered
 * 1 to n. The station's place in each participant's order repeats when several take it in the same
 * round ("1., 1., 2."): it orders the list, the number is the place in it.
 */
export function inRotation<T extends { position: number; name: string }>(
  list: readonly T[],
): Array<T & { rotation: number }> {
  return [...list]
    .sort((a, b) => a.position - b.position || a.name.localeCompare(b.name))
    .map((p, i) => ({ ...p, rotation: i + 1 }));
}
