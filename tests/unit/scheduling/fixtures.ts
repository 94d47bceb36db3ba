import { eq } from "drizzle-orm";
import { evaluations, sessionTemplates, workspaces } from "~db/tenant/schema";
import type { Ctx } from "~/lib/context.server";
import { newId } from "~/lib/ids.server";
import { addLocation } from "~/modules/databases/locations.server";
import { addParticipant } from "~/modules/databases/participants.server";

/** A session template with `count` evaluations, inserted directly (authoring is another module). */
export async function makeTemplate(ctx: Ctx, count: number, referenceFormat = "VCA", name = "Safety session") {
  const ws = await ctx.tdb.db.select().from(workspaces).where(eq(workspaces.workspaceType, "ORGANIZATION")).get();
  const owner = (ctx.actor as { userId: string }).userId;
  const now = new Date();
  const own = {
    workspaceId: ws!.id,
    ownerType: "ORGANIZATION" as const,
    ownerUserId: owner,
    visibility: "ORGANIZATION" as const,
    createdAt: now,
    updatedAt: now,
    rev: 1,
  };
  const evalIds: string[] = [];
  await ctx.tdb.write(async (tx) => {
    for (let i = 0; i < count; i++) {
      const id = newId();
      evalIds.push(id);
      await tx.insert(evaluations).values({
        ...own,
        id,
        name: `Evaluation ${i + 1}`,
        nameLower: `evaluation ${i + 1}`,
        categoryIds: [],
        questionIds: [],
      });
    }
  });
  const id = newId();
  await ctx.tdb.write((tx) =>
    tx.insert(sessionTemplates).values({
      ...own,
      id,
      name,
      nameLower: name.toLowerCase(),
      categoryIds: [],
      evaluationIds: evalIds,
      passPercentage: 60,
      referenceFormat,
    }),
  );
  return { id, evaluations: evalIds };
}

let n = 0;
export async function makeParticipants(ctx: Ctx, count: number, prefix = "p"): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const k = ++n;
    ids.push(
      (await addParticipant(ctx, { name: `${prefix} Person ${k}`, email: `${prefix}${k}-${process.pid}@example.test` }))
        ._id,
    );
  }
  return ids;
}

export async function makeLocation(ctx: Ctx, name = "Hall A") {
  return (await addLocation(ctx, { name, address: { line1: "Main 1", city: "Ghent", postal: "9000", country: "BE" } }))
    ._id;
}
