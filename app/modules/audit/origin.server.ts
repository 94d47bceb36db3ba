import os from "node:os";
import type { AuditActorType } from "~db/tenant/schema";
import type { Ctx } from "~/lib/context.server";

/** Who made a change, from which device, through which app process. */
export type AuditOrigin = {
  actorType: AuditActorType;
  actorId: string | null;
  actorName: string | null;
  device: string | null;
  process: string;
};

/** This app process, as the trail names it. */
export const THIS_PROCESS = `${os.hostname()}:${process.pid}`;

/** The origin of a request's change: its signed-in account, and its device id (else its address). */
export function auditOrigin(ctx: Ctx): AuditOrigin {
  const device = ctx.device ? `device:${ctx.device}` : ctx.clientAddress ? `address:${ctx.clientAddress}` : null;
  switch (ctx.actor.type) {
    case "ADMIN":
      return {
        actorType: "STAFF",
        actorId: ctx.actor.userId,
        actorName: ctx.actor.name,
        device,
        process: THIS_PROCESS,
      };
    case "USER":
      return {
        actorType: "PARTICIPANT",
        actorId: ctx.actor.participantId,
        actorName: ctx.actor.name,
        device,
        process: THIS_PROCESS,
      };
    default:
      return systemOrigin("anonymous");
  }
}

/** A change the app made by itself (e.g. time given back after an outage): `what` names the process's job. */
export function systemOrigin(what: string): AuditOrigin {
  return { actorType: "SYSTEM", actorId: null, actorName: what, device: null, process: THIS_PROCESS };
}
