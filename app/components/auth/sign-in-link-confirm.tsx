import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { SignInLinkPage } from "~/modules/auth/index.server";
import { PublicLayout } from "../public-layout";
import { Button } from "../ui/form";

/**
 * The page a one-click sign-in link opens: whose account and which organisation, and a button that
 * signs in (a POST of this page). A link that someone else sent would show their account here.
 */
export function SignInLinkConfirm({ link, area }: { link: SignInLinkPage; area: "admin" | "user" }) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== "idle";
  return (
    <PublicLayout>
      <div
        className="mx-auto w-full max-w-sm rounded-lg border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
        data-testid="signin-link-confirm"
      >
        <p className="mb-2 text-lg font-semibold text-slate-800">{link.organization}</p>
        <h1 className="mb-3 text-xl font-semibold text-primary">{t("auth:signin-link.confirm-title")}</h1>
        <p className="text-sm text-slate-700">
          {t("auth:signin-link.confirm-account", { name: link.name, email: link.email })}
        </p>
        <p className="mt-2 text-sm text-slate-600">{t("auth:signin-link.confirm-warning")}</p>
        {/* A document POST: the session cookie comes with the redirect, as after a typed code. */}
        <Form method="post" reloadDocument className="mt-5 flex flex-col gap-3">
          <input type="hidden" name="tenant" value={link.tenant} />
          <input type="hidden" name="token" value={link.token} />
          <Button type="submit" disabled={busy} data-testid="signin-link-continue">
            {t("auth:signin-link.continue")}
          </Button>
          <a href={`/${area}?tenant=${encodeURIComponent(link.tenant)}`} className="text-center text-sm underline">
            {t("auth:signin-link.not-me")}
          </a>
        </Form>
      </div>
    </PublicLayout>
  );
}
