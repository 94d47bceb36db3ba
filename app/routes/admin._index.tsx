import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PublicLayout } from "~/components/public-layout";
import { LoginForm } from "~/components/login-form";
import { StatusBadge } from "~/components/scheduling/status-badge";
import { Section } from "~/components/ui/section";
import { formatDateTime, zoneLabel } from "~/lib/time-zone";
import { contextFromSession, handleLoginForm, loginPageInfo } from "~/modules/auth/index.server";
import { adminDashboard } from "~/modules/dashboard/index.server";
import { loadOrFail } from "~/lib/form-result.server";

export const handle = { titleKey: "common:nav.dashboard" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await contextFromSession(request, "ADMIN", context);
  if (!ctx) return { signedIn: false as const, ...(await loginPageInfo(request, "ADMIN")) };
  return { signedIn: true as const, dashboard: await loadOrFail(ctx, () => adminDashboard(ctx)) };
}

export const action = ({ request, context }: ActionFunctionArgs) => handleLoginForm(request, context, "ADMIN");

export default function AdminHome() {
  const data = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  if (!data.signedIn) {
    return (
      <PublicLayout>
        <div className="flex justify-center pt-[4vh]">
          <LoginForm area="admin" title={t("auth:title-admin")} page={data} />
        </div>
      </PublicLayout>
    );
  }
  const { dashboard } = data;
  const locale = i18n.language;
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold text-primary">{t("dashboard:welcome", { name: dashboard.userName })}</h1>

      <Section
        heading={t("dashboard:upcoming")}
        headingClassName="font-semibold text-primary"
        aside={
          <span className="text-xs text-slate-500">
            {t("scheduling:list.times-in", { zone: zoneLabel(new Date(), locale, dashboard.timeZone) })}
          </span>
        }
        headerClassName="mb-3 flex flex-wrap items-baseline justify-between gap-2"
        className="rounded-lg border border-slate-200 bg-white p-4"
        testId="dashboard-upcoming"
      >
        {dashboard.upcoming.length === 0 ? (
          <p className="text-sm text-slate-600">
            {t("dashboard:no-upcoming")}{" "}
            <Link to="/admin/scheduledsessions/plan" className="text-primary underline">
              {t("dashboard:plan-one")}
            </Link>
          </p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {dashboard.upcoming.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2 text-sm">
                {/* On a phone the date has the row to itself and the name wraps (even one long word). */}
                <span className="w-full font-medium sm:w-44 sm:shrink-0">
                  {formatDateTime(s.datetime, locale, dashboard.timeZone)}
                </span>
                <Link
                  to={`/admin/scheduledsessions?overview=${s.id}`}
                  className="min-w-0 flex-1 text-primary underline [overflow-wrap:anywhere]"
                >
                  {s.sessionName}
                </Link>
                <span className="text-slate-600">
                  {[s.locationName, t("scheduling:list.count", { count: s.participantCount })]
                    .filter(Boolean)
                    .join(" · ")}
                </span>
                <StatusBadge status={s.status} />
              </li>
            ))}
          </ul>
        )}
        {dashboard.upcomingCount > dashboard.upcoming.length ? (
          <Link
            to="/admin/scheduledsessions?when=UPCOMING"
            className="mt-2 inline-block text-sm text-primary underline"
          >
            {t("dashboard:all-upcoming", { count: dashboard.upcomingCount })}
          </Link>
        ) : null}
      </Section>

      <section aria-labelledby="org-facts" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5">
        <h2 id="org-facts" className="sr-only">
          {t("dashboard:facts")}
        </h2>
        {dashboard.facts.map((fact) => {
          const body = (
            <>
              <p className="text-sm text-slate-500">{t(`dashboard:fact.${fact.key}`)}</p>
              <p className="text-3xl font-semibold text-primary">{fact.value}</p>
            </>
          );
          return fact.to ? (
            <Link
              key={fact.key}
              to={fact.to}
              className="rounded-lg border border-slate-200 bg-white p-4 no-underline hover:border-primary focus:outline-none focus-visible:ring-2 focus-visible:ring-primary"
            >
              {body}
            </Link>
          ) : (
            <div key={fact.key} className="rounded-lg border border-slate-200 bg-white p-4">
              {body}
            </div>
          );
        })}
      </section>
      <section className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 className="mb-2 font-semibold">{t("dashboard:your-roles")}</h2>
        <ul className="flex flex-wrap gap-2">
          {dashboard.roles.map((role) => (
            <li key={role} className="rounded bg-selected px-2 py-1 text-xs font-medium text-primary">
              {t(`common:roles.${role}`)}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
