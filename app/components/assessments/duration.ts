type T = (key: string, values?: Record<string, unknown>) => string;

/** A time limit as people read it: "45 s", "4 min", "4 min 30 s", "1 h 5 min". */
export function formatDuration(seconds: number, t: T): string {
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (h) return m ? t("assessments:duration.hours-minutes", { h, m }) : t("assessments:duration.hours", { h });
  if (m) return s ? t("assessments:duration.minutes-seconds", { m, s }) : t("assessments:duration.minutes", { m });
  return t("assessments:duration.seconds", { s });
}
