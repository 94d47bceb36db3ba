import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireStaffContext } from "~/modules/auth/index.server";
import { loadOrFail } from "~/lib/form-result.server";
import { reportsEntryScreen } from "~/modules/reports/index.server";

export const handle = { titleKey: "reports:nav" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await requireStaffContext(request, context);
  return loadOrFail(ctx, async () => reportsEntryScreen(ctx));
}

/** /admin/reports: the way to completed sessions and to the session reports. */
export default function ReportsEntry() {
  const { t } = useTranslation();
  const cards = [
    {
      to: "/admin/reports/completedsessions",
      title: t("reports:entry.completed.title"),
      text: t("reports:entry.completed.text"),
    },
    {
      to: "/admin/reports/sessionreports",
      title: t("reports:entry.reports.title"),
      text: t("reports:entry.reports.text"),
    },
  ];
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold text-primary">{t("reports:nav")}</h1>
      <ul className="grid gap-4 sm:grid-cols-2">
        {cards.map((c) => (
          <li key={c.to}>
            <Link
              to={c.to}
              className="block h-full rounded-md border border-slate-200 bg-white p-4 no-underline hover:border-primary"
            >
              <span className="block text-lg font-semibold text-primary">{c.title}</span>
              <span className="block text-sm text-slate-600">{c.text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
