import type { Permission } from "~/lib/permissions";

/**
 * The side menu. Each domain adds its entry when its screens exist; `permission` hides an entry
 * from those who may not use it (the server checks again).
 */
export type NavItem = { to: string; labelKey: string; icon: string; permission: Permission; end?: boolean };

export const ADMIN_NAV: NavItem[] = [
  { to: "/admin", labelKey: "common:nav.dashboard", icon: "◧", permission: "read:admin", end: true },
  { to: "/admin/databases", labelKey: "databases:nav", icon: "▦", permission: "read:admin" },
  { to: "/admin/assessments", labelKey: "assessments:nav", icon: "✎", permission: "read:admin" },
  { to: "/admin/scheduledsessions", labelKey: "scheduling:nav", icon: "▤", permission: "read:admin" },
  { to: "/admin/reports", labelKey: "reports:nav", icon: "▥", permission: "read:admin" },
  { to: "/admin/exams", labelKey: "exams:nav", icon: "⚖", permission: "read:admin" },
  { to: "/admin/usermanagement", labelKey: "users:nav", icon: "☺", permission: "manage:users" },
  { to: "/admin/organization/settings", labelKey: "organization:nav", icon: "⚙", permission: "manage:settings" },
];
