import { parseFormOrThrow } from "~/lib/form-schema";
import { translateFieldErrors } from "~/lib/form-result.server";
import { isAppError, type Reference } from "~/lib/app-error";
import type { Ctx } from "~/lib/context.server";
import { instantOfInput } from "~/lib/time-zone";
import { importParticipantsCsv } from "~/modules/databases/index.server";
import { tenantTimeZone } from "~/modules/tenants/index.server";
import { getSession } from "~/modules/assessments/index.server";
import { DEFAULT_CIRCUIT_SETTINGS, type CircuitSettingsInput } from "~/modules/assessments";
import { cancelAndNotify, inviteParticipants } from "./invitations.server";
import {
  addScheduledSession,
  getScheduledSession,
  removeScheduledSession,
  updateScheduledSession,
} from "./scheduled-sessions.server";
import { planFormInput } from "./session-input";
import { canSchedule, companyParticipants, participantNames, planOptions, type Person } from "./screens.server";

/** The plan form `/admin/scheduledsessions/plan` (new session, or `?id=` to change one): what it shows and what its buttons do. */

export async function planScreen(ctx: Ctx, url: URL) {
  const id = url.searchParams.get("id");
  const [options, session] = await Promise.all([
    planOptions(ctx),
    id ? getScheduledSession(ctx, id) : Promise.resolve(null),
  ]);
  return {
    options,
    session,
    chosenPeople: session ? await participantNames(ctx, session.participants) : [],
    canWrite: canSchedule(ctx),
    saved: url.searchParams.get("saved") === "1",
    invited: url.searchParams.has("invited") ? Number(url.searchParams.get("invited")) : null,
    canceled: url.searchParams.get("canceled") === "1",
    notified: url.searchParams.has("notified") ? Number(url.searchParams.get("notified")) || 0 : null,
    tenant: ctx.tenant.slug,
    timeZone: tenantTimeZone(ctx.tenant),
  };
}

/** What the form shows after a post that stays on the page. */
export type PlanFormData = {
  error?: string;
  fieldErrors?: Record<string, string>;
  confirm?: Array<Reference & { canBeSafelyRemoved: boolean }>;
  imported?: { people: Person[]; saved: number; skippedLines: number[] };
  people?: Person[];
};
export type PlanFormAnswer = { redirectTo: string } | PlanFormData;

/**
 * One post of the plan form, by its `intent`: save (and invite the newly added), cancel, remove
 * (with the confirmation of what goes with it), or find participants to add (a company's, pasted
 * CSV rows). A refusal answers with the translated message and field errors and changes nothing.
 */
const PLAN_FORM_INTENTS = new Set(["save", "import-participants", "company-participants", "cancel", "remove"]);

export async function planFormAction(ctx: Ctx, form: FormData): Promise<PlanFormAnswer> {
  const intent = String(form.get("intent") ?? "save");
  if (!PLAN_FORM_INTENTS.has(intent)) throw new Response("Bad Request", { status: 400 });
  const id = String(form.get("id") ?? "");
  try {
    if (intent === "import-participants") {
      // Saves the pasted participants (created or matched, as in the databases import); the form
      // then adds them to the session's list, which is saved with the session.
      const { ids, saved, skippedLines } = await importParticipantsCsv(ctx, String(form.get("csv") ?? ""));
      return { imported: { people: await participantNames(ctx, ids), saved, skippedLines } };
    }
    if (intent === "company-participants")
      return { people: await companyParticipants(ctx, String(form.get("company") ?? "")) };
    if (intent === "cancel") {
      const { notified } = await cancelAndNotify(ctx, id);
      return { redirectTo: `/admin/scheduledsessions/plan?id=${id}&canceled=1&notified=${notified}` };
    }
    if (intent === "remove") {
      const result = await removeScheduledSession(ctx, id, form.getAll("removeReferences").map(String));
      if (result.__typename === "RemoveConfirmation") return { confirm: result.references };
      return { redirectTo: "/admin/scheduledsessions?removed=1" };
    }
    // The same schema the plan screen checks while it is filled in (session-input.ts).
    const post = parseFormOrThrow(form, planFormInput);
    // Once started, the form shows the circuit but cannot change it: it is left out (kept).
    const started = id ? (await getScheduledSession(ctx, id)).status !== "SCHEDULED" : false;
    const circuit = started ? undefined : post.circuit ? await circuitOfForm(ctx, post, id) : null;
    const input = {
      session: post.session,
      // The form's wall-clock time is the organisation's; one that does not exist is refused by the module.
      datetime: instantOfInput(post.datetime, tenantTimeZone(ctx.tenant)) ?? "invalid",
      location: post.location,
      assignedUser: post.assignedUser,
      status: post.status,
      options: {
        allQuestionsInEvaluationShownByDefault: post.allQuestionsInEvaluationShownByDefault,
        enableAutoPauseOnHelpRequest: post.enableAutoPauseOnHelpRequest,
      },
      ...(circuit === undefined ? {} : { circuit }),
      participants: post.participants,
    };
    const before = id ? (await getScheduledSession(ctx, id)).participants : [];
    const saved = id ? await updateScheduledSession(ctx, id, input) : await addScheduledSession(ctx, input);
    let invited: number | null = null;
    if (post.invite) {
      const fresh = saved.participants.filter((p) => !before.includes(p));
      invited = await inviteParticipants(ctx, saved._id, fresh);
    }
    return {
      redirectTo: `/admin/scheduledsessions/plan?id=${saved._id}&saved=1${invited !== null ? `&invited=${invited}` : ""}`,
    };
  } catch (e) {
    if (!isAppError(e)) throw e;
    return {
      error: ctx.t(e.messageKey, e.values ?? {}),
      fieldErrors: translateFieldErrors(ctx.t, e.fieldErrors),
    };
  }
}

type CircuitFields = Partial<Record<keyof CircuitSettingsInput, number | undefined>> & { session: string };

/**
 * The circuit settings of the plan form (issue 32): the numbers given; a number left empty takes
 * the session's own value, else the template's default, else the product's.
 */
async function circuitOfForm(ctx: Ctx, post: CircuitFields, id: string): Promise<CircuitSettingsInput> {
  const current = id ? (await getScheduledSession(ctx, id)).circuit : null;
  const template = await getSession(ctx, post.session).catch(() => null);
  const base = current ?? template?.circuit ?? DEFAULT_CIRCUIT_SETTINGS;
  const pick = (key: keyof CircuitSettingsInput) => {
    const value = post[key];
    return value === undefined || Number.isNaN(value) ? base[key] : value;
  };
  return {
    readingSeconds: pick("readingSeconds"),
    stationSeconds: pick("stationSeconds"),
    changeoverSeconds: pick("changeoverSeconds"),
    restStations: pick("restStations"),
  };
}
