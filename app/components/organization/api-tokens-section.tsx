import { useFetcher } from "@remix-run/react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { API_TOKEN_LIFETIMES, type ApiToken } from "~/modules/apitokens";
import type { IntentResult } from "~/lib/intent-action.server";
import type { Role } from "~/lib/permissions";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { Alert, Button, FieldMessages, SelectField, TextField } from "../ui/form";
import { ListTable } from "../ui/list-table";
import { useFormat } from "../ui/use-format";
import { SettingsPanel } from "./settings-panel";
import { ShowOnce } from "./show-once";

const ACTION = "/admin/organization/api-tokens";

type Created = { id: string; token: string };

/** Settings: API tokens for integrations: create (shown once), list with last use and expiry, revoke. */
export function ApiTokensSection({ tokens, grantableRoles }: { tokens: ApiToken[]; grantableRoles: Role[] }) {
  const { t } = useTranslation();
  const create = useFetcher<IntentResult>({ key: "api-token-create" });
  const result = create.data;
  const created = result?.ok && result.intent === "create" ? (result.data as Created) : null;
  const errors = result && !result.ok ? result.fieldErrors : {};
  const rolesId = useId();
  return (
    <SettingsPanel id="api-tokens-title" title={t("apitokens:title")} intro={t("apitokens:intro")}>
      {created ? <ShowOnce label={t("apitokens:created")} value={created.token} testId="api-token-value" /> : null}
      {result && !result.ok && Object.keys(errors).length === 0 ? <Alert>{result.message}</Alert> : null}
      <create.Form
        method="post"
        action={ACTION}
        className="flex flex-col gap-4"
        data-testid="api-token-form"
        // A new form after each token, so the next one starts empty.
        key={created?.id ?? "new"}
      >
        <input type="hidden" name="intent" value="create" />
        <TextField name="name" label={t("apitokens:fields.name")} required maxLength={100} error={errors.name} />
        <fieldset className="flex flex-col gap-1" aria-describedby={errors.roles ? `${rolesId}-error` : undefined}>
          <legend className="mb-1 text-sm font-medium text-slate-700">{t("apitokens:fields.roles")}</legend>
          {grantableRoles.map((role) => (
            <label key={role} className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="roles" value={role} className="h-4 w-4" />
              {t(`common:roles.${role}`)}
            </label>
          ))}
          <FieldMessages id={rolesId} hint={t("apitokens:fields.roles-hint")} error={errors.roles} />
        </fieldset>
        <SelectField
          name="lifetimeDays"
          label={t("apitokens:fields.lifetime")}
          defaultValue="90"
          error={errors.lifetimeDays ?? errors.expiresAt}
        >
          {API_TOKEN_LIFETIMES.map((days) => (
            <option key={days} value={days}>
              {t("apitokens:lifetime", { count: days })}
            </option>
          ))}
        </SelectField>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="allowIntrospection" className="h-4 w-4" />
          {t("apitokens:fields.allowIntrospection")}
        </label>
        <div>
          <Button type="submit" disabled={create.state !== "idle"} data-testid="api-token-create">
            {t("apitokens:create")}
          </Button>
        </div>
      </create.Form>
      <TokenList tokens={tokens} />
    </SettingsPanel>
  );
}

function TokenList({ tokens }: { tokens: ApiToken[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (tokens.length === 0) return <p className="text-sm text-slate-600">{t("apitokens:none")}</p>;
  return (
    <ListTable
      className="w-full min-w-[40rem] text-left text-sm"
      head={
        <tr>
          <th className="px-3 py-2">{t("apitokens:columns.name")}</th>
          <th className="px-3 py-2">{t("apitokens:columns.roles")}</th>
          <th className="px-3 py-2">{t("apitokens:columns.lastUsed")}</th>
          <th className="px-3 py-2">{t("apitokens:columns.expires")}</th>
          <th className="px-3 py-2">{t("apitokens:columns.status")}</th>
          <th className="px-3 py-2">
            <span className="sr-only">{t("apitokens:columns.actions")}</span>
          </th>
        </tr>
      }
    >
      {tokens.map((token) => (
        <tr key={token._id} className="border-t border-slate-100" data-testid="api-token-row">
          <td className="px-3 py-2 font-medium">{token.name}</td>
          <td className="px-3 py-2">{token.roles.map((r) => t(`common:roles.${r}`)).join(", ")}</td>
          <td className="px-3 py-2" data-testid="api-token-last-used">
            {token.lastUsedAt ? format.dateTime(token.lastUsedAt) : t("apitokens:never")}
          </td>
          <td className="px-3 py-2">{format.dateTime(token.expiresAt)}</td>
          <td className="px-3 py-2" data-testid="api-token-status">
            {t(`apitokens:status.${token.status}`)}
          </td>
          <td className="px-3 py-2 text-right">{token.status === "ACTIVE" ? <RevokeButton token={token} /> : null}</td>
        </tr>
      ))}
    </ListTable>
  );
}

function RevokeButton({ token }: { token: ApiToken }) {
  const { t } = useTranslation();
  const revoke = useFetcher<IntentResult>();
  return (
    <ConfirmDialog
      testId="api-token-revoke-dialog"
      trigger={
        <Button variant="secondary" disabled={revoke.state !== "idle"} data-testid="api-token-revoke">
          {t("apitokens:revoke")}
          <span className="sr-only"> {token.name}</span>
        </Button>
      }
      title={t("apitokens:revoke-title", { name: token.name })}
      description={<p>{t("apitokens:revoke-text")}</p>}
      cancelLabel={t("apitokens:cancel")}
      confirmLabel={t("apitokens:revoke")}
      confirmVariant="danger"
      onConfirm={() => revoke.submit({ intent: "revoke", id: token._id }, { method: "post", action: ACTION })}
    />
  );
}
