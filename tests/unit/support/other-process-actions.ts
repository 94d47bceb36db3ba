// What the second app process of tests/unit/processes/two-processes.test.ts does, through the
// product's module functions, as the tenant's first manager (managerCtx of tenants.ts) or as a
// participant. Loaded by other-process.ts through Vite, as Vitest loads the tests.
import type { Ctx } from "~/lib/context.server";
import { logout } from "~/modules/auth/index.server";
import { addParticipant, listParticipants, removeParticipant } from "~/modules/databases/index.server";
import {
  applyLiveOverride,
  finishQuestion,
  myLiveSession,
  unlockWaitingParticipants,
} from "~/modules/live/index.server";
import { completeScheduledSession } from "~/modules/scheduling/index.server";
import { removeUser, updateUser } from "~/modules/users/index.server";
import { managerCtx } from "./tenants";

const participantCtx = (staff: Ctx, participantId: string): Ctx => ({
  ...staff,
  actor: { type: "USER", participantId, email: `${participantId}@example.test`, name: "P" },
  permissions: [],
});

export type Command = { id: number; tenant: string; action: string; args: unknown[] };

export async function perform({ tenant, action, args }: Command): Promise<unknown> {
  const a = args as [never, never, never, never];
  if (action === "logout") return logout(a[0], a[1]);
  const ctx = await managerCtx(tenant);
  switch (action) {
    case "updateUser":
      return updateUser(ctx, a[0], a[1]);
    case "removeUser":
      return removeUser(ctx, a[0]);
    case "override":
      return applyLiveOverride(ctx, a[0], a[1], a[2]);
    case "unlock":
      return unlockWaitingParticipants(ctx, a[1], a[0]);
    case "finishQuestion":
      return finishQuestion(participantCtx(ctx, a[0]), a[1], a[2], a[3]);
    case "complete":
      return completeScheduledSession(ctx, a[0]);
    case "addParticipant":
      return addParticipant(ctx, a[0]);
    case "removeParticipant":
      return removeParticipant(ctx, a[0]);
    case "participantNames":
      return (await listParticipants(ctx, {})).edges.map((e) => e.node.name);
    case "myLiveSession":
      return myLiveSession(participantCtx(ctx, a[0]), a[1]);
    default:
      throw new Error(`unknown action ${action}`);
  }
}
