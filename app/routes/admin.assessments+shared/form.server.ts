import type { Ctx } from "~/lib/context.server";
import { readActionForm } from "~/lib/form-data.server";
import { runSave, type SaveResult } from "~/modules/assessments/index.server";

/** The JSON payload an assessment screen posts in the `payload` field, with its `intent` and `id`. */
export async function readForm(ctx: Ctx, request: Request): Promise<{ intent: string; id: string; payload: unknown }> {
  const form = await readActionForm(ctx, request);
  let payload: unknown = {};
  try {
    payload = JSON.parse(String(form.get("payload") ?? "{}"));
  } catch {
    payload = {};
  }
  return { intent: String(form.get("intent") ?? ""), id: String(form.get("id") ?? ""), payload };
}

/** The action of a list screen: it only removes (the posted id), answered like every save. */
export async function removeFromList(
  ctx: Ctx,
  request: Request,
  remove: (id: string) => Promise<unknown>,
): Promise<SaveResult> {
  const { intent, id } = await readForm(ctx, request);
  if (intent !== "remove") throw new Response("Bad Request", { status: 400 });
  return runSave(ctx, () => remove(id));
}
