import { useTranslation } from "react-i18next";

/**
 * Said before anyone discovers it during the exam: which evaluations of a session have no time
 * limit (no countdown, no deadline, nothing to extend; ADR 0031). The live dashboard and the plan
 * screen's template overview say it each in their own words (`messages`: the keys' prefix).
 */
export function UntimedNotice({
  evaluations,
  messages,
  testId,
  className = "",
}: {
  evaluations: ReadonlyArray<{ name: string; timed: boolean; questions: readonly unknown[] }>;
  messages: "live:dashboard" | "scheduling:template-overview";
  testId: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const withQuestions = evaluations.filter((e) => e.questions.length > 0);
  const untimed = withQuestions.filter((e) => !e.timed);
  if (untimed.length === 0) return null;
  return (
    <p
      className={`rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 ${className}`}
      role="note"
      data-testid={testId}
    >
      {untimed.length === withQuestions.length
        ? t(`${messages}.untimed-all`)
        : t(`${messages}.untimed-some`, { count: untimed.length, names: untimed.map((e) => e.name).join(", ") })}
    </p>
  );
}
