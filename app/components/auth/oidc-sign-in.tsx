import { useCallback, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { oidcButtonUrl, oidcStartUrl } from "~/modules/auth";
import type { LoginPageInfo } from "~/modules/auth/index.server";
import { Alert } from "../ui/form";

/**
 * The staff sign-in page's way through the organisation's identity provider: the button (a plain
 * link: the provider's pages are another site) and why the last try was refused, with its code.
 */
export function OidcSignIn({ oidc, error }: { oidc: LoginPageInfo["oidc"]; error: LoginPageInfo["oidcError"] }) {
  const { t } = useTranslation();
  if (!oidc && !error) return null;
  return (
    <div className="mt-4 flex flex-col gap-4" data-testid="oidc-sign-in">
      {error ? (
        <Alert>
          <p>{error.message}</p>
          <p className="mt-1 font-mono text-xs" data-testid="oidc-error-code">
            {t("auth:oidc-error-code", { code: error.code })}
          </p>
        </Alert>
      ) : null}
      {oidc ? (
        <>
          <a
            href={oidc.startUrl}
            className="inline-flex items-center justify-center gap-2 rounded-md bg-primary px-4 py-2 text-sm font-medium text-white no-underline transition-colors hover:bg-primary-hover focus:outline-none focus-visible:ring-2 focus-visible:ring-primary focus-visible:ring-offset-2"
          >
            {t("auth:sign-in-with", { name: oidc.name })}
          </a>
          <p className="flex items-center gap-3 text-xs text-slate-600" aria-hidden="true">
            <span className="h-px flex-1 bg-slate-200" />
            {t("auth:or-code")}
            <span className="h-px flex-1 bg-slate-200" />
          </p>
        </>
      ) : null}
    </div>
  );
}

/**
 * The identity provider's button of the organisation in the sign-in form: the page's own (a known
 * organisation), else looked up when someone types one (`lookUp`, on leaving the field). A failed
 * look-up shows no button; the one-time code is there anyway.
 */
export function useOidcButton(page: LoginPageInfo, redirectTo: string) {
  const [shown, setShown] = useState({ tenant: page.defaultTenant.trim().toLowerCase(), oidc: page.oidc });
  const asked = useRef(shown.tenant);
  const lookUp = useCallback(
    (typed: string) => {
      const tenant = typed.trim().toLowerCase();
      if (tenant === asked.current) return;
      asked.current = tenant;
      if (!tenant) return setShown({ tenant, oidc: null });
      fetch(oidcButtonUrl(tenant), { headers: { Accept: "application/json" } })
        .then((response) => (response.ok ? (response.json() as Promise<{ oidc: { name: string } | null }>) : null))
        .then((answer) => {
          // Only the answer for what the field still holds counts.
          if (asked.current !== tenant) return;
          const oidc = answer?.oidc
            ? { name: answer.oidc.name, startUrl: oidcStartUrl(tenant, redirectTo || null) }
            : null;
          setShown({ tenant, oidc });
        })
        .catch(() => undefined);
    },
    [redirectTo],
  );
  return { oidc: shown.oidc, lookUp };
}
