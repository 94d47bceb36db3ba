// The staff domain's public face on the server: what other domains, routes, resolvers, the
// server, party/ and the CLI may use. Browser-safe rules and types: ./index.ts.
export { createStaffUserInTenant, findStaffUser, rolesForUserId, rolesOf, staffDirectory } from "./staff-users.server";
