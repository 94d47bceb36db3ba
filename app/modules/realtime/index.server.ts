// The realtime domain's public face on the server: what other domains, routes, resolvers, the
// server, party/ and the CLI may use. Browser-safe rules and types: ./index.ts.
export {
  realtimeTokenFor,
  revokeLoginSessionTokens,
  revokeParticipantTokens,
  revokeStaffTokens,
} from "./realtime-grants.server";
export {
  partykitHost,
  publishEventsToRoom,
  type RealtimeConnection,
  realtimeSecret,
  type RoomEvent,
  roomPresence,
} from "./realtime.server";
