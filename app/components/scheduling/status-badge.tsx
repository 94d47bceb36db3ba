import { useTranslation } from "react-i18next";

const TONES: Record<string, string> = {
  SCHEDULED: "bg-blue-50 text-blue-900 border-blue-200",
  ONGOING: "bg-amber-50 text-amber-900 border-amber-200",
  COMPLETED: "bg-green-50 text-green-800 border-green-200",
  CANCELED: "bg-slate-100 text-slate-600 border-slate-300",
};

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <span className={`inline-block rounded border px-2 py-0.5 text-xs font-medium ${TONES[status] ?? ""}`}>
      {t(`scheduling:status.${status}`)}
    </span>
  );
}
