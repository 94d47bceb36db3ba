// Limits shared by the scheduling module and its screens (pure: no server code, safe in the browser).

/** A session holds at most this many participants: a room, not a city. The plan form's company
 * and CSV additions, the saved list and the live run's batch actions all stop here. */
export const MAX_SESSION_PARTICIPANTS = 1000;
