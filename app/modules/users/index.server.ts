// The users domain's public face on the server: what other domains, routes, resolvers, the
// server, party/ and the CLI may use. Browser-safe rules and types: ./index.ts.
export { createAdminUserFor } from "./admin-users.server";
export { profile } from "./profile.server";
export { rolesGrantableBy } from "./roles";
export { userManagementScreen } from "./screens.server";
export { addUser, listUsers, type ManagedUser, removeUser, updateUser } from "./user-management.server";
