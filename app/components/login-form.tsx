import { Form, useActionData, useNavigation, useSearchParams } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { loginRequestInput } from "~/modules/auth";
import type { LoginFormState, LoginPageInfo } from "~/modules/auth/index.server";
import { OidcSignIn, useOidcButton } from "./auth/oidc-sign-in";
import { Alert, IntentButton, TextField } from "./ui/form";
import { NewCodeButton } from "./ui/new-code-button";
import { useSchemaForm } from "./ui/schema-form";

/**
 * One-time-code login in two steps: organisation and e-mail/phone, then the 6-digit code.
 * Used by /admin (staff) and /user (participants); the action is the page's own.
 */
export function LoginForm({
  area,
  title,
  page,
}: {
  area: "admin" | "user";
  title: string;
  /** What the page's loader knows before the sign-in (loginPageInfo). */
  page: LoginPageInfo;
}) {
  const { defaultTenant, organization, signinNotice, oidcError } = page;
  const { t } = useTranslation();
  const state = useActionData<LoginFormState>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const busy = navigation.state === "submitting";
  const codeRef = useRef<HTMLInputElement>(null);
  const newCodeRef = useRef<HTMLButtonElement>(null);
  const tenantRef = useRef<HTMLInputElement>(null);
  const identifierRef = useRef<HTMLInputElement>(null);
  const redirectTo = params.get("redirectTo") ?? "";
  // The first step is checked while typing with the schema the action parses.
  const { formProps, field } = useSchemaForm(loginRequestInput);
  // Staff: the organisation's identity provider, for the organisation the page knows or is typed.
  const { oidc, lookUp } = useOidcButton(page, redirectTo);

  // Focus follows the step: the code field once a code is sent (its content selected after a wrong
  // code, so typing replaces it), after a failed request the field to correct (the organisation's,
  // unless only the address is missing).
  useEffect(() => {
    if (state?.step === "code" && state.usedUp) {
      newCodeRef.current?.focus();
    } else if (state?.step === "code") {
      codeRef.current?.focus();
      if (state.error) codeRef.current?.select();
    } else if (state?.error) {
      (state.tenant && !state.identifier ? identifierRef : tenantRef).current?.focus();
    }
  }, [state]);

  return (
    <div className="mx-auto w-full max-w-sm rounded-lg border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      {organization ? (
        <div className="mb-4 flex items-center gap-3" data-testid="login-organization">
          {organization.logoUrl ? (
            <img
              src={organization.logoUrl}
              alt=""
              className="h-12 w-auto max-w-32 object-contain"
              data-testid="login-logo"
            />
          ) : null}
          <span className="text-lg font-semibold text-slate-800">{organization.name}</span>
        </div>
      ) : null}
      <h1 className="mb-1 text-xl font-semibold text-primary">{title}</h1>
      {signinNotice && !state ? (
        <div className="mt-3">
          <Alert>{t(`auth:signin-link.${signinNotice}`)}</Alert>
        </div>
      ) : null}
      {state?.step === "code" ? (
        <Form method="post" className="mt-4 flex flex-col gap-4" data-testid={`${area}-code-form`}>
          <p className="text-sm text-slate-600">{t("auth:code-sent", { identifier: state.identifier })}</p>
          {state.resent && !state.error ? <Alert tone="info">{t("auth:code-resent")}</Alert> : null}
          {state.error ? <Alert>{state.error}</Alert> : null}
          <input type="hidden" name="tenant" value={state.tenant} />
          <input type="hidden" name="identifier" value={state.identifier} />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          {state.usedUp ? (
            <NewCodeButton ref={newCodeRef} intent="resend-code" busy={busy} testId="login-new-code">
              {t("auth:new-code")}
            </NewCodeButton>
          ) : (
            <>
              <TextField
                ref={codeRef}
                label={t("auth:code")}
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9 ]*"
                maxLength={7}
                required
                hint={t("auth:code-hint")}
              />
              <IntentButton intent="verify-code" disabled={busy}>
                {t("auth:sign-in")}
              </IntentButton>
            </>
          )}
          <div className="flex flex-wrap justify-between gap-x-4 gap-y-2 text-sm">
            {state.usedUp ? null : (
              <button
                type="submit"
                name="intent"
                value="resend-code"
                formNoValidate
                className="text-left text-primary underline"
              >
                {t("auth:resend")}
              </button>
            )}
            <a
              href={`/${area}${redirectTo ? `?redirectTo=${encodeURIComponent(redirectTo)}` : ""}`}
              className="underline"
            >
              {t("auth:change-identifier")}
            </a>
          </div>
        </Form>
      ) : (
        <>
          <OidcSignIn oidc={oidc} error={state ? null : oidcError} />
          <Form method="post" {...formProps} className="mt-4 flex flex-col gap-4" data-testid={`${area}-login-form`}>
            <p className="text-sm text-slate-600">{t(area === "admin" ? "auth:intro-admin" : "auth:intro-user")}</p>
            {state?.error ? <Alert>{state.error}</Alert> : null}
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <TextField
              ref={tenantRef}
              label={t("auth:organization")}
              {...field("tenant")}
              defaultValue={state?.tenant ?? defaultTenant}
              autoComplete="organization"
              autoCapitalize="none"
              // A page with one job: the first empty field takes the focus (announced with its label).
              // eslint-disable-next-line jsx-a11y/no-autofocus
              autoFocus={!defaultTenant && !state?.tenant}
              hint={t("auth:organization-hint")}
              onBlur={area === "admin" ? (event) => lookUp(event.currentTarget.value) : undefined}
            />
            <TextField
              ref={identifierRef}
              label={t("auth:identifier")}
              {...field("identifier")}
              defaultValue={state?.identifier ?? ""}
              autoComplete="username"
              autoCapitalize="none"
              // eslint-disable-next-line jsx-a11y/no-autofocus -- as above
              autoFocus={!!defaultTenant}
            />
            <IntentButton intent="request-code" disabled={busy} variant={oidc ? "secondary" : "primary"}>
              {t("auth:send-code")}
            </IntentButton>
          </Form>
        </>
      )}
    </div>
  );
}
