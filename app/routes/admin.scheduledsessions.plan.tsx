import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useFetcher, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { SessionActions } from "~/components/scheduling/session-actions";
import { Alert, Button, TextField } from "~/components/ui/form";
import { isAppError, type Reference } from "~/lib/app-error";
import { instantOfInput, inputOfInstant, zoneLabel } from "~/lib/time-zone";
import { requireStaffContext } from "~/modules/auth/request-context.server";
import { tenantTimeZone } from "~/modules/tenants/tenants.server";
import { importParticipantsCsv } from "~/modules/databases/import.server";
import { loadOrFail } from "~/modules/databases/screens.server";
import { inviteParticipants } from "~/modules/scheduling/invitations.server";
import {
  addScheduledSession,
  cancelScheduledSession,
  getScheduledSession,
  removeScheduledSession,
  updateScheduledSession,
} from "~/modules/scheduling/scheduled-sessions.server";
import { canSchedule, planOptions } from "~/modules/scheduling/screens.server";
import { STATUSES as SCHEDULED_SESSION_STATUSES } from "~/modules/scheduling/ordering";

export const handle = { titleKey: "scheduling:plan.title-new" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await requireStaffContext(request, context);
  const url = new URL(request.url);
  const id = url.searchParams.get("id");
  return loadOrFail(ctx, async () => {
    const [options, session] = await Promise.all([planOptions(ctx), id ? getScheduledSession(ctx, id) : Promise.resolve(null)]);
    return {
      options,
      session,
      canWrite: canSchedule(ctx),
      saved: url.searchParams.get("saved") === "1",
      invited: url.searchParams.has("invited") ? Number(url.searchParams.get("invited")) : null,
      canceled: url.searchParams.get("canceled") === "1",
      tenant: ctx.tenant.slug,
      timeZone: tenantTimeZone(ctx.tenant),
    };
  });
}

type ImportResult = { ids: string[]; saved: number; skippedLines: number[] };
type ActionData = {
  error?: string;
  fieldErrors?: Record<string, string>;
  confirm?: Array<Reference & { canBeSafelyRemoved: boolean }>;
  imported?: ImportResult;
};

export async function action({ request, context }: ActionFunctionArgs): Promise<ActionData | Response> {
  const ctx = await requireStaffContext(request, context);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "save");
  const id = String(form.get("id") ?? "");
  try {
    if (intent === "import-participants") {
      // Saves the pasted participants (created or matched, as in the databases import); the form
      // then adds them to the session's list, which is saved with the session.
      const { ids, saved, skippedLines } = await importParticipantsCsv(ctx, String(form.get("csv") ?? ""));
      return { imported: { ids, saved, skippedLines } };
    }
    if (intent === "cancel") {
      await cancelScheduledSession(ctx, id);
      return redirect(`/admin/scheduledsessions/plan?id=${id}&canceled=1`);
    }
    if (intent === "remove") {
      const result = await removeScheduledSession(ctx, id, form.getAll("removeReferences").map(String));
      if (result.__typename === "RemoveConfirmation") return { confirm: result.references };
      return redirect("/admin/scheduledsessions?removed=1");
    }
    const datetime = String(form.get("datetime") ?? "");
    const input = {
      session: String(form.get("session") ?? ""),
      // The form's wall-clock time is the organisation's; a malformed value is refused by the module.
      datetime: datetime ? (instantOfInput(datetime, tenantTimeZone(ctx.tenant)) ?? "invalid") : undefined,
      location: String(form.get("location") ?? ""),
      assignedUser: String(form.get("assignedUser") ?? ""),
      status: String(form.get("status") ?? "") || undefined,
      options: {
        allQuestionsInEvaluationShownByDefault: form.get("allQuestionsInEvaluationShownByDefault") === "on",
        enableAutoPauseOnHelpRequest: form.get("enableAutoPauseOnHelpRequest") === "on",
      },
      participants: form.getAll("participants").map(String),
    };
    const before = id ? (await getScheduledSession(ctx, id)).participants : [];
    const saved = id ? await updateScheduledSession(ctx, id, input) : await addScheduledSession(ctx, input);
    let invited: number | null = null;
    if (form.get("invite") === "on") {
      const fresh = saved.participants.filter((p) => !before.includes(p));
      invited = await inviteParticipants(ctx, saved._id, fresh, new URL(request.url).origin);
    }
    return redirect(`/admin/scheduledsessions/plan?id=${saved._id}&saved=1${invited !== null ? `&invited=${invited}` : ""}`);
  } catch (e) {
    if (!isAppError(e)) throw e;
    return {
      error: ctx.t(e.messageKey, e.values ?? {}),
      fieldErrors: Object.fromEntries(Object.entries(e.fieldErrors ?? {}).map(([k, v]) => [k, ctx.t(v.key, v.values ?? {})])),
    };
  }
}

const select = "rounded-md border border-slate-300 px-3 py-2 text-sm";

/** Narrows the participant picker by name or e-mail (case-insensitive). */
const matches = (p: { name: string; email: string }, query: string) => {
  const q = query.trim().toLowerCase();
  return !q || p.name.toLowerCase().includes(q) || p.email.toLowerCase().includes(q);
};

export default function PlanScheduledSession() {
  const { options, session, canWrite, saved, invited, canceled, tenant, timeZone } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const navigation = useNavigation();
  const { t, i18n } = useTranslation();
  const [chosen, setChosen] = useState<string[]>(session?.participants ?? []);
  const [pick, setPick] = useState("");
  const [query, setQuery] = useState("");
  const [company, setCompany] = useState("");
  const byId = new Map(options.participants.map((p) => [p.id, p]));
  const fe = actionData?.fieldErrors ?? {};
  const busy = navigation.state !== "idle";

  const add = (ids: string[]) => setChosen((c) => [...c, ...ids.filter((id) => !c.includes(id))]);
  const importer = useFetcher<typeof action>();
  const imported = (importer.data as ActionData | undefined)?.imported;
  const importError = (importer.data as ActionData | undefined)?.fieldErrors?.csv ?? (importer.data as ActionData | undefined)?.error;
  useEffect(() => {
    if (imported) add(imported.ids);
  }, [imported]);

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <div className="flex items-center justify-between">
        <h1 className="text-2xl font-semibold text-primary">
          {session ? t("scheduling:plan.title-edit", { reference: session.reference }) : t("scheduling:plan.title-new")}
        </h1>
        <Link to="/admin/scheduledsessions" className="text-sm text-primary underline">
          {t("scheduling:plan.back")}
        </Link>
      </div>
      {saved && session ? (
        <Alert tone="success">
          <span data-testid="saved">{t("scheduling:plan.saved", { reference: session.reference, code: session.loginCode })}</span>
          <span className="mt-1 block break-all font-mono text-xs" data-testid="signup-link">{`/user/signup/${session.loginCode}?tenant=${tenant}`}</span>
          {invited !== null ? <span className="block">{t("scheduling:plan.invited", { count: invited })}</span> : null}
        </Alert>
      ) : null}
      {canceled ? <Alert tone="info">{t("scheduling:plan.canceled")}</Alert> : null}
      {actionData?.error && !actionData.confirm ? <Alert>{actionData.error}</Alert> : null}

      <Form method="post" className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4" data-testid="plan-form">
        {session ? <input type="hidden" name="id" value={session._id} /> : null}
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium text-slate-700">{t("scheduling:fields.session")} *</span>
          <select name="session" required defaultValue={session?.session ?? ""} className={select} aria-invalid={fe.session ? true : undefined}>
            <option value="">{t("scheduling:plan.choose")}</option>
            {options.templates.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
          {fe.session ? <span className="text-red-700">{fe.session}</span> : null}
        </label>
        <TextField
          label={`${t("scheduling:fields.datetime")} *`}
          hint={t("scheduling:plan.datetime-hint", { zone: zoneLabel(new Date(), i18n.language, timeZone) })}
          name="datetime"
          type="datetime-local"
          required
          defaultValue={inputOfInstant(session?.datetime, timeZone)}
          error={fe.datetime}
        />
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium text-slate-700">{t("scheduling:fields.location")}</span>
          <select name="location" defaultValue={session?.location ?? ""} className={select}>
            <option value="">{t("scheduling:plan.none")}</option>
            {options.locations.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium text-slate-700">{t("scheduling:fields.assigned-user")}</span>
          <select name="assignedUser" defaultValue={session?.assignedUser ?? ""} className={select}>
            <option value="">{t("scheduling:plan.none")}</option>
            {options.users.map((u) => (
              <option key={u.id} value={u.id}>
                {u.name}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium text-slate-700">{t("scheduling:fields.initial-status")}</span>
          <select name="status" defaultValue={session?.status ?? "SCHEDULED"} className={select}>
            {SCHEDULED_SESSION_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`scheduling:status.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <fieldset className="flex flex-col gap-1 text-sm">
          <legend className="font-medium text-slate-700">{t("scheduling:fields.options")}</legend>
          {(["allQuestionsInEvaluationShownByDefault", "enableAutoPauseOnHelpRequest"] as const).map((k) => (
            <label key={k} className="flex items-center gap-2">
              <input type="checkbox" name={k} defaultChecked={session?.options[k] ?? false} />
              {t(`scheduling:options.${k}`)}
            </label>
          ))}
        </fieldset>

        <fieldset className="flex flex-col gap-2 text-sm">
          <legend className="font-medium text-slate-700">{t("scheduling:fields.participants")}</legend>
          <p className="text-slate-500">{t("scheduling:plan.participants-hint")}</p>
          <div className="grid gap-2 sm:grid-cols-[minmax(10rem,14rem)_1fr_auto]">
            <input
              type="search"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              aria-label={t("scheduling:plan.find-participant")}
              placeholder={t("scheduling:plan.find-participant")}
              className={select}
            />
            <select aria-label={t("scheduling:plan.add-participant")} value={pick} onChange={(e) => setPick(e.target.value)} className={select} data-testid="participant-pick">
              <option value="">{t("scheduling:plan.choose-participant")}</option>
              {options.participants
                .filter((p) => !chosen.includes(p.id) && matches(p, query))
                .slice(0, 300)
                .map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name} ({p.email})
                  </option>
                ))}
            </select>
            <Button
              variant="secondary"
              onClick={() => {
                if (pick) add([pick]);
                setPick("");
              }}
            >
              {t("scheduling:plan.add-participant")}
            </Button>
          </div>
          <div className="grid gap-2 sm:grid-cols-[1fr_auto]">
            <select aria-label={t("scheduling:plan.add-company")} value={company} onChange={(e) => setCompany(e.target.value)} className={select}>
              <option value="">{t("scheduling:plan.choose-company")}</option>
              {options.companies.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
            <Button
              variant="secondary"
              onClick={() => {
                if (company) add(options.participants.filter((p) => p.companyId === company).map((p) => p.id));
                setCompany("");
              }}
            >
              {t("scheduling:plan.add-company")}
            </Button>
          </div>
          <details className="rounded-md border border-slate-200 p-2" data-testid="participant-import">
            <summary className="cursor-pointer font-medium text-primary">{t("scheduling:plan.import-title")}</summary>
            <div className="mt-2 flex flex-col gap-2">
              <label className="flex flex-col gap-1">
                <span className="text-slate-700">{t("scheduling:plan.import-hint")}</span>
                <textarea
                  form="participant-import-form"
                  name="csv"
                  rows={5}
                  className="rounded-md border border-slate-300 px-3 py-2 font-mono text-xs"
                  placeholder={"name,email\nAnn Peeters,ann@example.com"}
                />
              </label>
              <div className="flex flex-wrap items-center gap-3">
                <Button type="submit" form="participant-import-form" variant="secondary" disabled={importer.state !== "idle" || !canWrite}>
                  {t("scheduling:plan.import-add")}
                </Button>
                {imported ? (
                  <span role="status" data-testid="import-result">
                    {t("scheduling:plan.import-done", { count: imported.saved })}
                    {imported.skippedLines.length ? ` ${t("scheduling:plan.import-skipped", { lines: imported.skippedLines.join(", ") })}` : ""}
                  </span>
                ) : null}
                {importError ? (
                  <span role="alert" className="text-red-700">
                    {importError}
                  </span>
                ) : null}
              </div>
            </div>
          </details>
          {fe.participants ? (
            <p className="text-red-700" role="alert" data-testid="participants-error">
              {fe.participants}
            </p>
          ) : null}
          <ul className="flex flex-col gap-1" data-testid="chosen-participants">
            {chosen.map((id) => (
              <li key={id} className="flex items-center justify-between rounded border border-slate-200 px-2 py-1">
                <input type="hidden" name="participants" value={id} />
                <span>
                  {byId.get(id)?.name ?? id} <span className="text-slate-500">{byId.get(id)?.email}</span>
                </span>
                <Button variant="ghost" onClick={() => setChosen((c) => c.filter((x) => x !== id))} aria-label={t("scheduling:plan.remove-participant", { name: byId.get(id)?.name ?? id })}>
                  ✕
                </Button>
              </li>
            ))}
          </ul>
          <label className="flex items-center gap-2">
            <input type="checkbox" name="invite" />
            {t("scheduling:plan.invite")}
          </label>
        </fieldset>

        {canWrite ? (
          <div className="flex flex-wrap gap-2">
            <Button type="submit" name="intent" value="save" disabled={busy}>
              {t("scheduling:plan.save")}
            </Button>
          </div>
        ) : null}
      </Form>
      {/* The import posts on its own (fields point at it with form=…), keeping what is typed above. */}
      <importer.Form method="post" id="participant-import-form" className="hidden">
        <input type="hidden" name="intent" value="import-participants" />
      </importer.Form>

      {session && canWrite ? <SessionActions session={{ _id: session._id, reference: session.reference, status: session.status, participantCount: session.participants.length }} /> : null}
    </div>
  );
}
