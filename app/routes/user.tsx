import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ErrorPage } from "~/components/error-page";
import { LanguageSwitcher } from "~/components/language-switcher";
import { ParticipantSignOut, useInOpenSession } from "~/components/live/session-sign-out";
import { contextFromSession } from "~/modules/auth/index.server";
import { tenantTimeZone } from "~/modules/tenants/index.server";

/** The participant area: a light header; the login form when nobody is signed in. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await contextFromSession(request, "USER", context);
  if (!ctx || ctx.actor.type !== "USER") return { participant: null, organization: null, timeZone: null };
  return {
    participant: { name: ctx.actor.name, email: ctx.actor.email },
    organization: ctx.tenant.name,
    timeZone: tenantTimeZone(ctx.tenant),
  };
}

export default function UserLayout() {
  const { participant, organization } = useLoaderData<typeof loader>();
  return (
    <UserShell participant={participant} organization={organization}>
      <Outlet />
    </UserShell>
  );
}

/** Errors below /user (a 404, an unknown sign-up code) keep the participant header and footer. */
export function ErrorBoundary() {
  const data = useRouteLoaderData<typeof loader>("routes/user");
  return (
    <UserShell participant={data?.participant ?? null} organization={data?.organization ?? null}>
      <ErrorPage inShell home="/user" />
    </UserShell>
  );
}

function UserShell({
  participant,
  organization,
  children,
}: {
  participant: { name: string } | null;
  organization: string | null;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const inSession = useInOpenSession();
  return (
    <div className="flex min-h-screen flex-col">
      {/* On a narrow phone the language and sign-out go to a second row rather than cut the organisation's
          name ("Demo Organ…"); a long name takes two lines, as in the admin area. */}
      <header className="flex min-h-14 flex-wrap items-center justify-between gap-x-3 gap-y-1 border-b border-slate-200 bg-white px-4 py-2">
        <Link
          to="/user"
          className="line-clamp-2 min-w-0 text-sm font-semibold leading-tight text-primary no-underline [overflow-wrap:anywhere] sm:line-clamp-1 sm:text-lg"
          data-testid="organization-name"
        >
          {organization ?? t("common:product")}
        </Link>
        <div className="ml-auto flex shrink-0 items-center gap-3">
          <LanguageSwitcher />
          {/* On a phone during a session "Sign out" is not up here beside the session's clock and help: it is at the page's foot. */}
          {participant ? <ParticipantSignOut className={inSession ? "hidden sm:block" : ""} /> : null}
        </div>
      </header>
      <main id="main" className="flex flex-1 flex-col p-4 md:p-6">
        {children}
      </main>
      <footer className="border-t border-slate-200 bg-white px-4 py-4 text-sm text-slate-500">
        {participant && inSession ? (
          <div className="mx-auto mb-3 flex max-w-3xl sm:hidden">
            <ParticipantSignOut />
          </div>
        ) : null}
        <nav aria-label={t("common:footer.label")} className="mx-auto flex max-w-3xl flex-wrap gap-4">
          <Link to="/">{t("common:product")}</Link>
          <Link to="/legal/privacy-policy">{t("legal:privacy.title")}</Link>
          <Link to="/legal/cookie-policy">{t("legal:cookies.title")}</Link>
        </nav>
      </footer>
    </div>
  );
}
