import type { TFunction } from "i18next";
import type { TenantRow } from "~db/catalog/schema";
import type { TenantDb } from "~db/tenant/client";
import type { Locale } from "~/i18n/config";
import type { Permission, Role } from "./permissions";
import { AppError } from "./app-error";

/**
 * A staff member, or an API token acting in the admin API (ADR 0042): then `apiToken` says which,
 * `roles` are the token's, and `userId` is the token's creator, who answers for what it records.
 */
export type StaffActor = {
  type: "ADMIN";
  userId: string;
  email: string;
  name: string;
  roles: Role[];
  apiToken?: ApiTokenActor;
};
export type ApiTokenActor = { id: string; name: string; allowIntrospection: boolean };
export type ParticipantActor = { type: "USER"; participantId: string; email: string; name: string };
export type Actor = StaffActor | ParticipantActor | { type: "ANONYMOUS" };

/**
 * What every module function receives: the tenant of the request's session, its database, who is
 * acting and with which permissions, and the request's language.
 */
export type Ctx = {
  tenant: TenantRow;
  tdb: TenantDb;
  actor: Actor;
  permissions: readonly Permission[];
  locale: Locale;
  t: TFunction;
  clientAddress: string;
  /** The id hash of the login session behind the request (absent for module calls without one): live-room tokens name it, so logging out ends them (ADR 0030). */
  loginSession?: string;
  /** The id the browser's device sends (`X-Device-Id`, app/lib/device-id.ts): the audit trail names it. */
  device?: string;
};

export type StaffCtx = Ctx & { actor: StaffActor };
export type ParticipantCtx = Ctx & { actor: ParticipantActor };

/** The one permission check every module function starts with. */
export function requirePermission(ctx: Ctx, permission: Permission): asserts ctx is StaffCtx {
  if (ctx.actor.type === "ANONYMOUS") throw new AppError("UNAUTHORIZED", "unauthorized");
  if (ctx.actor.type !== "ADMIN" || !ctx.permissions.includes(permission)) {
    throw new AppError("FORBIDDEN", "forbidden", { values: { permission } });
  }
}

export function requireParticipant(ctx: Ctx): asserts ctx is ParticipantCtx {
  if (ctx.actor.type !== "USER") throw new AppError("UNAUTHORIZED", "unauthorized");
}

export function requireSignedIn(ctx: Ctx): asserts ctx is StaffCtx | ParticipantCtx {
  if (ctx.actor.type === "ANONYMOUS") throw new AppError("UNAUTHORIZED", "unauthorized");
}
