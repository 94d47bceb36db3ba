import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PublicLayout } from "~/components/public-layout";
import { LoginForm } from "~/components/login-form";
import { contextFromSession } from "~/modules/auth/request-context.server";
import { handleLoginForm, prefilledTenant } from "~/modules/auth/login-form.server";
import { adminDashboard } from "~/modules/dashboard/dashboard.server";

export const handle = { titleKey: "common:nav.dashboard" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await contextFromSession(request, "ADMIN", context);
  if (!ctx) return { signedIn: false as const, defaultTenant: prefilledTenant(request) };
  return { signedIn: true as const, dashboard: await adminDashboard(ctx) };
}

export const action = ({ request, context }: ActionFunctionArgs) => handleLoginForm(request, context, "ADMIN");

export default function AdminHome() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  if (!data.signedIn) {
    return (
      <PublicLayout>
        <div className="flex justify-center pt-[4vh]">
          <LoginForm area="admin" defaultTenant={data.defaultTenant} title={t("auth:title-admin")} />
        </div>
      </PublicLayout>
    );
  }
  const { dashboard } = data;
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold text-primary">{t("dashboard:welcome", { name: dashboard.userName })}</h1>
      <section aria-labelledby="org-facts" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <h2 id="org-facts" className="sr-only">
          {t("dashboard:facts")}
        </h2>
        {dashboard.facts.map((fact) => (
          <div key={fact.key} className="rounded-lg border border-slate-200 bg-white p-4">
            <p className="text-sm text-slate-500">{t(`dashboard:fact.${fact.key}`)}</p>
            <p className="text-3xl font-semibold text-primary">{fact.value}</p>
          </div>
        ))}
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
