import { Link, useSearchParams } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** A reports list screen: the way back to the reports and the screen's title above its content. */
export function ReportsPage({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4">
      <nav aria-label={t("reports:nav")} className="text-sm">
        <Link to="/admin/reports">{t("reports:nav")}</Link>
      </nav>
      <h1 className="text-2xl font-semibold text-primary">{title}</h1>
      {children}
    </div>
  );
}

/** Previous and next page of a reports list, keeping its filters (nothing when there is one page). */
export function ReportsPager({ page, pageCount }: { page: number; pageCount: number }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  if (pageCount <= 1) return null;
  const pageLink = (p: number) => {
    const next = new URLSearchParams(params);
    next.set("page", String(p));
    return `?${next.toString()}`;
  };
  return (
    <nav aria-label={t("reports:list.pages")} className="flex gap-3 text-sm">
      {page > 1 ? <Link to={pageLink(page - 1)}>{t("reports:list.previous")}</Link> : null}
      <span>{t("reports:list.page", { page, count: pageCount })}</span>
      {page < pageCount ? <Link to={pageLink(page + 1)}>{t("reports:list.next")}</Link> : null}
    </nav>
  );
}
