import { Form, useActionData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { OidcSettingsView } from "~/modules/auth/index.server";
import type { SettingsActionResult } from "~/modules/tenants/index.server";
import { Alert, Button, TextField } from "../ui/form";
import { Section } from "../ui/section";

/**
 * The organisation's identity provider for staff sign-in (ADR 0040), a form of its own on the
 * settings screen (`intent=oidc`). The secret is never shown: the form says whether one is set.
 */
export function OidcSettingsForm({ oidc }: { oidc: OidcSettingsView }) {
  const { t } = useTranslation();
  const all = useActionData<SettingsActionResult>();
  const result = all?.form === "oidc" ? all : undefined;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "oidc";
  const errors = result && !result.ok ? result.fieldErrors : {};
  const typed = result && !result.ok ? result.values : null;
  const f = (key: string) => t(`organization:oidc.${key}`);
  return (
    <Section
      heading={f("title")}
      headingClassName="text-base font-semibold text-primary"
      className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4"
      testId="oidc-settings"
    >
      <p className="text-sm text-slate-600">{f("intro")}</p>
      {result?.ok ? <Alert tone="success">{result.message}</Alert> : null}
      {result && !result.ok && Object.keys(errors).length === 0 ? <Alert>{result.message}</Alert> : null}
      <Form method="post" className="flex flex-col gap-4" key={JSON.stringify([oidc, typed])}>
        <input type="hidden" name="intent" value="oidc" />
        <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            name="enabled"
            className="h-4 w-4"
            defaultChecked={typed ? typed.enabled === "on" : oidc.enabled}
          />
          {f("enabled")}
        </label>
        <TextField
          name="displayName"
          label={f("displayName")}
          hint={f("displayName-hint")}
          defaultValue={typed?.displayName ?? oidc.displayName}
          error={errors.displayName}
          maxLength={80}
        />
        <TextField
          name="issuer"
          type="url"
          label={f("issuer")}
          hint={f("issuer-hint")}
          placeholder="https://login.example.org/realms/staff"
          defaultValue={typed?.issuer ?? oidc.issuer}
          error={errors.issuer}
          autoCapitalize="none"
          spellCheck={false}
        />
        <TextField
          name="clientId"
          label={f("clientId")}
          defaultValue={typed?.clientId ?? oidc.clientId}
          error={errors.clientId}
          autoCapitalize="none"
          spellCheck={false}
        />
        <div className="flex flex-col gap-2">
          <TextField
            name="clientSecret"
            type="password"
            label={f("clientSecret")}
            hint={oidc.clientSecretSet ? f("clientSecret-set") : f("clientSecret-unset")}
            error={errors.clientSecret}
            autoComplete="new-password"
            data-testid="oidc-secret"
          />
          {oidc.clientSecretSet ? (
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="removeClientSecret" className="h-4 w-4" />
              {f("clientSecret-remove")}
            </label>
          ) : null}
        </div>
        <TextField
          name="emailClaim"
          label={f("emailClaim")}
          hint={f("emailClaim-hint")}
          defaultValue={typed?.emailClaim ?? oidc.emailClaim}
          error={errors.emailClaim}
          autoCapitalize="none"
          spellCheck={false}
        />
        <div className="flex flex-col gap-1">
          <span className="text-sm font-medium text-slate-700">{f("redirectUri")}</span>
          <code
            className="rounded border border-slate-200 bg-slate-50 px-2 py-1 text-sm [overflow-wrap:anywhere]"
            data-testid="oidc-redirect-uri"
          >
            {oidc.redirectUri}
          </code>
        </div>
        <div>
          <Button type="submit" disabled={busy} data-testid="save-oidc">
            {busy ? t("organization:saving") : f("save")}
          </Button>
        </div>
      </Form>
    </Section>
  );
}
