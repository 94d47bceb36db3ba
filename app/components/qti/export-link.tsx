import { useTranslation } from "react-i18next";

/** Where a staff member may export questions as a QTI 3 package (GET /api/qti/export). */
export const qtiExportHref = (query: { evaluation?: string; questions?: string[] }) =>
  query.evaluation
    ? `/api/qti/export?evaluation=${encodeURIComponent(query.evaluation)}`
    : `/api/qti/export?questions=${(query.questions ?? []).map(encodeURIComponent).join(",")}`;

/** A list row's link that downloads its questions (one question, or an evaluation's) as a QTI 3 package. */
export function QtiExportLink({
  query,
  name,
  className,
}: {
  query: { evaluation?: string; questions?: string[] };
  name: string;
  className: string;
}) {
  const { t } = useTranslation();
  return (
    <a
      href={qtiExportHref(query)}
      download
      className={className}
      title={t("qti:export.one-label", { name })}
      data-testid="qti-export"
    >
      {t("qti:export.one")}
    </a>
  );
}
