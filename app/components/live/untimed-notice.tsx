import { useTranslation } from "react-i18next";

/**
 * The live dashboard says, before anyone discovers it during the exam, which evaluations of the
 * session have no time limit: no countdown, no deadline, nothing to extend (ADR 0031).
 */
export function UntimedNotice({ evaluations }: { evaluations: Array<{ name: string; timed: boolean; questions: unknown[] }> }) {
  const { t } = useTranslation();
  const withQuestions = evaluations.filter((e) => e.questions.length > 0);
  const untimed = withQuestions.filter((e) => !e.timed);
  if (untimed.length === 0) return null;
  return (
    <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" role="note" data-testid="untimed-notice">
      {untimed.length === withQuestions.length
        ? t("live:dashboard.untimed-all")
        : t("live:dashboard.untimed-some", { count: untimed.length, names: untimed.map((e) => e.name).join(", ") })}
    </p>
  );
}
