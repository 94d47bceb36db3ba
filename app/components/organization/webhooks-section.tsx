import { useFetcher } from "@remix-run/react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { IntentResult } from "~/lib/intent-action.server";
import { WEBHOOK_EVENT_NAMES, type WebhookDelivery, type WebhookEndpoint } from "~/modules/webhooks";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { Alert, Button, FieldMessages, TextField } from "../ui/form";
import { ListTable } from "../ui/list-table";
import { useFormat } from "../ui/use-format";
import { SettingsPanel } from "./settings-panel";
import { ShowOnce } from "./show-once";

const ACTION = "/admin/organization/webhooks";

type Added = { id: string; secret: string };

/** Settings: webhook endpoints (secret shown once), their deliveries with status, code and attempts, resend. */
export function WebhooksSection({
  endpoints,
  deliveries,
  totalDeliveries,
}: {
  endpoints: WebhookEndpoint[];
  deliveries: WebhookDelivery[];
  totalDeliveries: number;
}) {
  const { t } = useTranslation();
  const add = useFetcher<IntentResult>({ key: "webhook-add" });
  const result = add.data;
  const added = result?.ok && result.intent === "add" ? (result.data as Added) : null;
  const errors = result && !result.ok ? result.fieldErrors : {};
  const eventsId = useId();
  return (
    <SettingsPanel id="webhooks-title" title={t("webhooks:title")} intro={t("webhooks:intro")}>
      {added ? <ShowOnce label={t("webhooks:added")} value={added.secret} testId="webhook-secret" /> : null}
      {result && !result.ok && Object.keys(errors).length === 0 ? <Alert>{result.message}</Alert> : null}
      <add.Form
        method="post"
        action={ACTION}
        className="flex flex-col gap-4"
        data-testid="webhook-form"
        key={added?.id ?? "new"}
      >
        <input type="hidden" name="intent" value="add" />
        <TextField
          name="url"
          type="url"
          inputMode="url"
          label={t("webhooks:fields.url")}
          hint={t("webhooks:fields.url-hint")}
          placeholder="https://"
          required
          error={errors.url}
        />
        <fieldset className="flex flex-col gap-1" aria-describedby={errors.events ? `${eventsId}-error` : undefined}>
          <legend className="mb-1 text-sm font-medium text-slate-700">{t("webhooks:fields.events")}</legend>
          {WEBHOOK_EVENT_NAMES.map((event) => (
            <label key={event} className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="events" value={event} className="h-4 w-4" />
              {t(`webhooks:events.${event}`)}
            </label>
          ))}
          <FieldMessages id={eventsId} error={errors.events} />
        </fieldset>
        <div>
          <Button type="submit" disabled={add.state !== "idle"} data-testid="webhook-add">
            {t("webhooks:add")}
          </Button>
        </div>
      </add.Form>
      <EndpointList endpoints={endpoints} />
      <h3 className="text-base font-semibold text-primary">{t("webhooks:deliveries-title")}</h3>
      <DeliveryList deliveries={deliveries} total={totalDeliveries} />
    </SettingsPanel>
  );
}

function EndpointList({ endpoints }: { endpoints: WebhookEndpoint[] }) {
  const { t } = useTranslation();
  if (endpoints.length === 0) return <p className="text-sm text-slate-600">{t("webhooks:none")}</p>;
  return (
    <ul className="flex flex-col gap-2" aria-label={t("webhooks:endpoints-label")}>
      {endpoints.map((endpoint) => (
        <li
          key={endpoint._id}
          className="flex flex-col gap-2 rounded-md border border-slate-200 p-3 sm:flex-row sm:items-start sm:justify-between"
          data-testid="webhook-endpoint"
        >
          <div className="min-w-0">
            <p className="break-all font-mono text-sm">{endpoint.url}</p>
            <p className="text-sm text-slate-600">{endpoint.events.map((e) => t(`webhooks:events.${e}`)).join(", ")}</p>
          </div>
          <RemoveButton endpoint={endpoint} />
        </li>
      ))}
    </ul>
  );
}

function RemoveButton({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t } = useTranslation();
  const remove = useFetcher<IntentResult>();
  return (
    <ConfirmDialog
      testId="webhook-remove-dialog"
      trigger={
        <Button variant="secondary" disabled={remove.state !== "idle"} data-testid="webhook-remove">
          {t("webhooks:remove")}
          <span className="sr-only"> {endpoint.url}</span>
        </Button>
      }
      title={t("webhooks:remove-title")}
      description={<p>{t("webhooks:remove-text", { url: endpoint.url })}</p>}
      cancelLabel={t("apitokens:cancel")}
      confirmLabel={t("webhooks:remove")}
      confirmVariant="danger"
      onConfirm={() => remove.submit({ intent: "remove", id: endpoint._id }, { method: "post", action: ACTION })}
    />
  );
}

function DeliveryList({ deliveries, total }: { deliveries: WebhookDelivery[]; total: number }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (deliveries.length === 0) return <p className="text-sm text-slate-600">{t("webhooks:no-deliveries")}</p>;
  return (
    <>
      <ListTable
        className="w-full min-w-[40rem] text-left text-sm"
        head={
          <tr>
            <th className="px-3 py-2">{t("webhooks:columns.event")}</th>
            <th className="px-3 py-2">{t("webhooks:columns.when")}</th>
            <th className="px-3 py-2">{t("webhooks:columns.status")}</th>
            <th className="px-3 py-2">{t("webhooks:columns.code")}</th>
            <th className="px-3 py-2">{t("webhooks:columns.attempts")}</th>
            <th className="px-3 py-2">
              <span className="sr-only">{t("webhooks:columns.actions")}</span>
            </th>
          </tr>
        }
      >
        {deliveries.map((d) => (
          <tr key={d._id} className="border-t border-slate-100" data-testid="webhook-delivery">
            <td className="px-3 py-2">
              {t(`webhooks:events.${d.event}`)}
              <span className="block break-all text-xs text-slate-600">{d.url}</span>
            </td>
            <td className="px-3 py-2">{format.dateTime(d.createdAt)}</td>
            <td className="px-3 py-2" data-testid="webhook-delivery-status">
              {t(`webhooks:status.${d.status}`)}
              {d.nextAttemptAt ? (
                <span className="block text-xs text-slate-600">
                  {t("webhooks:next-attempt", { at: format.dateTime(d.nextAttemptAt) })}
                </span>
              ) : null}
            </td>
            <td className="px-3 py-2">{d.responseCode ?? (d.lastError ? t("webhooks:unreachable") : "–")}</td>
            <td className="px-3 py-2">{d.attempts}</td>
            <td className="px-3 py-2 text-right">
              <ResendButton delivery={d} />
            </td>
          </tr>
        ))}
      </ListTable>
      {total > deliveries.length ? (
        <p className="text-sm text-slate-600">{t("webhooks:deliveries-more", { shown: deliveries.length, total })}</p>
      ) : null}
    </>
  );
}

function ResendButton({ delivery }: { delivery: WebhookDelivery }) {
  const { t } = useTranslation();
  const resend = useFetcher<IntentResult>();
  return (
    <resend.Form method="post" action={ACTION}>
      <input type="hidden" name="intent" value="resend" />
      <input type="hidden" name="id" value={delivery._id} />
      <Button type="submit" variant="secondary" disabled={resend.state !== "idle"} data-testid="webhook-resend">
        {t("webhooks:resend")}
        <span className="sr-only"> {t(`webhooks:events.${delivery.event}`)}</span>
      </Button>
    </resend.Form>
  );
}
