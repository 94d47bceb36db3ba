// The static role → permission table. Shared by the server (which enforces it) and the UI
// (which only hides what a user may not do). Pure data: safe to import in the browser.

export const PERMISSIONS = [
  "read:admin", // enter the admin area and read everything in it
  "write:databases", // reference data: categories, supplies, locations, participants, companies, contexts
  "write:assessments", // questions, evaluations, session templates
  "write:scheduling", // plan, change and cancel scheduled sessions and their participants
  "run:sessions", // live control: start, pause, extra time, unlock
  "correct:sessions", // score and comment participant answers
  "write:reports", // build, save and send session reports
  "manage:users", // staff users and their roles
  "manage:settings", // organisation settings
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export type Role =
  | "ORGANIZATION_MANAGER"
  | "ORGANIZATION_READER"
  | "ORGANIZATION_REALTIME_USER"
  | "ORGANIZATION_USER_MANAGER"
  | "ORGANIZATION_WRITER";

export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  ORGANIZATION_MANAGER: PERMISSIONS,
  ORGANIZATION_USER_MANAGER: ["read:admin", "manage:users"],
  ORGANIZATION_WRITER: [
    "read:admin",
    "write:databases",
    "write:assessments",
    "write:scheduling",
    "run:sessions",
    "correct:sessions",
    "write:reports",
  ],
  ORGANIZATION_REALTIME_USER: ["read:admin", "run:sessions", "correct:sessions"],
  ORGANIZATION_READER: ["read:admin"],
};

export function permissionsForRoles(roles: readonly Role[]): Permission[] {
  const granted = new Set<Permission>();
  for (const role of roles) for (const p of ROLE_PERMISSIONS[role] ?? []) granted.add(p);
  return PERMISSIONS.filter((p) => granted.has(p));
}

export function can(permissions: readonly string[] | undefined, permission: Permission): boolean {
  return !!permissions?.includes(permission);
}
