import { useTranslation } from "react-i18next";

/** Dates are shown in UTC, the zone references and the plan form use (docs/decisions/0005). */
export function formatDateTime(value: string | Date, locale: string, style: "full" | "short" = "short"): string {
  const d = typeof value === "string" ? new Date(value) : value;
  return new Intl.DateTimeFormat(locale, { dateStyle: style === "full" ? "full" : "medium", timeStyle: "short", timeZone: "UTC" }).format(d);
}

export function formatTime(value: string | Date, locale: string): string {
  const d = typeof value === "string" ? new Date(value) : value;
  return new Intl.DateTimeFormat(locale, { timeStyle: "short", timeZone: "UTC" }).format(d);
}

/** `yyyy-mm-ddThh:mm` for a datetime-local input (UTC). */
export const toLocalInput = (value: string | Date | null | undefined) => (value ? new Date(value).toISOString().slice(0, 16) : "");

const TONES: Record<string, string> = {
  SCHEDULED: "bg-blue-50 text-blue-900 border-blue-200",
  ONGOING: "bg-amber-50 text-amber-900 border-amber-200",
  COMPLETED: "bg-green-50 text-green-800 border-green-200",
  CANCELED: "bg-slate-100 text-slate-600 border-slate-300",
};

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return <span className={`inline-block rounded border px-2 py-0.5 text-xs font-medium ${TONES[status] ?? ""}`}>{t(`scheduling:status.${status}`)}</span>;
}
