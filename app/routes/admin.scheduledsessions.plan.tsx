import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ParticipantPicker } from "~/components/scheduling/participant-picker";
import { LocationSelect } from "~/components/databases/reference-selects";
import { TemplateSelect } from "~/components/scheduling/template-select";
import { TemplateOverviewButton } from "~/components/scheduling/template-overview";
import { SessionActions } from "~/components/scheduling/session-actions";
import { Alert, IntentButton, SelectField, TextField } from "~/components/ui/form";
import { CircuitSettingsFields } from "~/components/circuit/circuit-settings-fields";
import { useSchemaForm } from "~/components/ui/schema-form";
import { UnsavedChangesGuard } from "~/components/ui/unsaved-changes";
import { inputOfInstant, zoneLabel } from "~/lib/time-zone";
import { requireStaffContext } from "~/modules/auth/index.server";
import { loadOrFail } from "~/lib/form-result.server";
import { readActionForm } from "~/lib/form-data.server";
import { planFormAction, planScreen, type PlanFormAnswer, type PlanFormData } from "~/modules/scheduling/index.server";
import { STATUSES as SCHEDULED_SESSION_STATUSES, nextStatuses, planFormInput } from "~/modules/scheduling";

export const handle = { titleKey: "scheduling:plan.title-new" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await requireStaffContext(request, context);
  return loadOrFail(ctx, () => planScreen(ctx, new URL(request.url)));
}

export async function action({ request, context }: ActionFunctionArgs): Promise<PlanFormAnswer | Response> {
  const ctx = await requireStaffContext(request, context);
  const answer = await planFormAction(ctx, await readActionForm(ctx, request));
  return "redirectTo" in answer ? redirect(answer.redirectTo) : answer;
}

export default function PlanScheduledSession() {
  const { options, session, chosenPeople, canWrite, saved, invited, canceled, notified, tenant, timeZone } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as PlanFormData | undefined;
  const navigation = useNavigation();
  const { t, i18n } = useTranslation();
  // Checked while typing with the schema the action parses; the server's field errors until then.
  const { formProps, field, errorOf } = useSchemaForm(planFormInput, { serverErrors: actionData?.fieldErrors });
  const busy = navigation.state !== "idle";
  // Changed since the last save (a save brings a new revision of the session).
  const [dirty, setDirty] = useState(false);
  useEffect(() => setDirty(false), [session?._id, session?._rev]);
  // The chosen template, for the session overview before planning.
  const [templateId, setTemplateId] = useState<string | null>(session?.session ?? null);

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
          <span data-testid="saved">
            {t("scheduling:plan.saved", { reference: session.reference, code: session.loginCode })}
          </span>
          <span
            className="mt-1 block break-all font-mono text-xs"
            data-testid="signup-link"
          >{`/user/signup/${session.loginCode}?tenant=${tenant}`}</span>
          {invited !== null ? <span className="block">{t("scheduling:plan.invited", { count: invited })}</span> : null}
        </Alert>
      ) : null}
      {canceled ? (
        <Alert tone="info">
          <span data-testid="canceled">{t("scheduling:plan.canceled")}</span>
          {notified !== null ? (
            <span className="block">{t("scheduling:plan.notified", { count: notified })}</span>
          ) : null}
        </Alert>
      ) : null}
      {actionData?.error && !actionData.confirm ? <Alert>{actionData.error}</Alert> : null}

      <UnsavedChangesGuard dirty={canWrite && dirty} />
      <Form
        method="post"
        {...formProps}
        className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4"
        data-testid="plan-form"
        onChange={(e) => (e.target as HTMLInputElement).name && setDirty(true)}
      >
        {session ? <input type="hidden" name="id" value={session._id} /> : null}
        <TemplateSelect
          name="session"
          label={t("scheduling:fields.session")}
          required
          initial={session ? { id: session.session, label: session.sessionName } : null}
          error={errorOf("session")}
          disabled={!canWrite}
          onChange={(option) => {
            setDirty(true);
            setTemplateId(option?.id ?? null);
          }}
        />
        <TemplateOverviewButton templateId={templateId} />
        <TextField
          label={`${t("scheduling:fields.datetime")} *`}
          hint={t("scheduling:plan.datetime-hint", { zone: zoneLabel(new Date(), i18n.language, timeZone) })}
          {...field("datetime")}
          // The browser's own datetime-local format; the schema's pattern would only repeat it.
          pattern={undefined}
          type="datetime-local"
          defaultValue={inputOfInstant(session?.datetime, timeZone)}
        />
        <LocationSelect
          name="location"
          label={t("scheduling:fields.location")}
          emptyLabel={t("scheduling:plan.none")}
          initial={session?.location ? { id: session.location, label: session.locationName ?? session.location } : null}
          error={errorOf("location")}
          disabled={!canWrite}
          onChange={() => setDirty(true)}
        />
        <SelectField
          label={t("scheduling:fields.assigned-user")}
          {...field("assignedUser")}
          defaultValue={session?.assignedUser ?? ""}
        >
          <option value="">{t("scheduling:plan.none")}</option>
          {options.users.map((u) => (
            <option key={u.id} value={u.id}>
              {u.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t("scheduling:fields.initial-status")}
          {...field("status")}
          defaultValue={session?.status ?? "SCHEDULED"}
        >
          {(session ? [session.status, ...nextStatuses(session.status)] : SCHEDULED_SESSION_STATUSES).map((s) => (
            <option key={s} value={s}>
              {t(`scheduling:status.${s}`)}
            </option>
          ))}
        </SelectField>
        <fieldset className="flex flex-col gap-1 text-sm">
          <legend className="font-medium text-slate-700">{t("scheduling:fields.options")}</legend>
          {(["allQuestionsInEvaluationShownByDefault", "enableAutoPauseOnHelpRequest"] as const).map((k) => (
            <label key={k} className="flex items-center gap-2">
              <input type="checkbox" name={k} defaultChecked={session?.options[k] ?? false} />
              {t(`scheduling:options.${k}`)}
            </label>
          ))}
        </fieldset>
        <CircuitSettingsFields
          settings={session?.circuit ?? null}
          disabled={!canWrite || (!!session && session.status !== "SCHEDULED")}
          errorOf={errorOf}
        />

        <ParticipantPicker
          key={session?._id ?? "new"}
          initial={chosenPeople}
          canWrite={canWrite}
          error={errorOf("participants")}
          onChange={() => setDirty(true)}
        />
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="invite" />
          {t("scheduling:plan.invite")}
        </label>

        {canWrite ? (
          <div className="flex flex-wrap gap-2">
            <IntentButton intent="save" disabled={busy}>
              {t("scheduling:plan.save")}
            </IntentButton>
          </div>
        ) : null}
      </Form>

      {session && canWrite ? (
        <SessionActions
          session={{
            _id: session._id,
            reference: session.reference,
            status: session.status,
            participantCount: session.participants.length,
          }}
        />
      ) : null}
    </div>
  );
}
