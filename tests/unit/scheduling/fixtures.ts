import type { Ctx } from "~/lib/context.server";
import { addEvaluation } from "~/modules/assessments/evaluations.server";
import { addSession } from "~/modules/assessments/sessions.server";
import { addLocation } from "~/modules/databases/locations.server";
import { addParticipant } from "~/modules/databases/participants.server";

/** A session template with `count` evaluations (without questions), made through the assessments module. */
export async function makeTemplate(ctx: Ctx, count: number, referenceFormat = "VCA", name = "Safety session") {
  const evalIds: string[] = [];
  for (let i = 0; i < count; i++) evalIds.push((await addEvaluation(ctx, { name: `Evaluation ${i + 1}` }))._id);
  const template = await addSession(ctx, { name, evaluations: evalIds, passPercentage: 60, referenceFormat });
  return { id: template._id, evaluations: evalIds };
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
