import { formErrorOf, type FormError } from "./form-result.server";
import { isAppError } from "./app-error";
import { readActionForm } from "./form-data.server";
import type { Ctx } from "./context.server";

// Screens whose one action serves several buttons name the button's job in the form field
// `intent` (`create`, `update`, `remove`, ...); runIntent picks the handler and answers the same
// way for all of them.

/** What such an action answers: the intent, and either its result or the translated refusal. */
export type IntentResult =
  { ok: true; intent: string; message?: string; data?: unknown } | (FormError & { intent: string; id: string | null });

/** Form fields named `a.b` become nested objects; empty strings stay (the module turns them into null). */
export function formInput(form: FormData): Record<string, unknown> {
  type Nested = { [key: string]: string | Nested };
  const result: Nested = {};
  for (const [key, value] of form.entries()) {
    if (typeof value !== "string" || key === "intent" || key === "id") continue;
    const path = key.split(".");
    let target = result;
    for (const part of path.slice(0, -1)) {
      const next = target[part];
      target = typeof next === "object" ? next : (target[part] = {});
    }
    target[path.at(-1)!] = value;
  }
  return result;
}

/**
 * Runs the form's intent and answers with translated field errors, the message and, for a refused
 * removal, what still uses the object. An unknown intent is a 400.
 */
export async function runIntent(
  ctx: Ctx,
  request: Request,
  handlers: Record<string, (input: Record<string, unknown>, id: string, form: FormData) => Promise<unknown>>,
): Promise<IntentResult> {
  const form = await readActionForm(ctx, request);
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  // Own keys only: "constructor", "valueOf" or "__proto__" must not reach Object.prototype.
  const handler = Object.hasOwn(handlers, intent) ? handlers[intent] : undefined;
  if (!handler) throw new Response("Bad Request", { status: 400 });
  try {
    const result = await handler(formInput(form), id, form);
    return { ok: true, intent, ...(typeof result === "string" ? { message: result } : { data: result }) };
  } catch (e) {
    if (!isAppError(e)) throw e;
    return { ...formErrorOf(ctx.t, e), intent, id: id || null };
  }
}
