import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireStaffContext } from "~/modules/auth/index.server";
import { databasesOverview } from "~/modules/databases/index.server";
import { loadOrFail } from "~/lib/form-result.server";

export const handle = { titleKey: "databases:title" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await requireStaffContext(request, context);
  return { sections: await loadOrFail(ctx, () => databasesOverview(ctx)) };
}

export default function DatabasesHome() {
  const { sections } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold text-primary">{t("databases:title")}</h1>
      <p className="text-slate-600">{t("databases:intro")}</p>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {sections.map(({ section, count }) => (
          <li key={section}>
            <Link
              to={`/admin/databases/${section}`}
              className="flex h-full flex-col gap-1 rounded-lg border border-slate-200 bg-white p-4 no-underline hover:border-primary"
              data-testid={`section-${section}`}
            >
              <span className="font-semibold text-primary">{t(`databases:sections.${section}.title`)}</span>
              <span className="text-sm text-slate-600">{t(`databases:sections.${section}.description`)}</span>
              <span className="mt-2 text-3xl font-semibold text-primary">{count}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
