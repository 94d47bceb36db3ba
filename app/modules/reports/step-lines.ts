// The lines of one step in a report's details, the same on the screen and in the PDF.
import type { ReportStep } from "./report-data";
import { answerLabels, answerText, correctAnswerText, formatScore, richText } from "./report-view";

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A line of a step; `muted` ones (what was asked, the examiner's comment) are set apart. */
export type StepLine = { key: string; text: string; muted: boolean };

/**
 * What was asked, then "Label: value" lines: the answer, the correct answer, the score and the
 * comment, each as the block and the report's options ask.
 */
export function stepLines(
  step: ReportStep,
  t: Translate,
  locale: string,
  show: { correctAnswer: boolean; score: boolean; comment: boolean },
): StepLine[] {
  const labels = answerLabels(t);
  const line = (key: string, value: string, muted = false): StepLine => ({
    key,
    text: `${t(key)}${t("reports:view.colon")}${value}`,
    muted,
  });
  return [
    { key: "asked", text: `${t(`reports:step-types.${step.type}`)} · ${richText(step.question)}`, muted: true },
    line("reports:view.answer", answerText(step, locale, labels)),
    ...(show.correctAnswer ? [line("reports:view.correct-answer", correctAnswerText(step, locale, labels))] : []),
    ...(show.score
      ? [line("reports:view.score", step.scored ? formatScore(step.score, locale) : t("reports:view.not-scored"))]
      : []),
    ...(show.comment && step.comment ? [line("reports:view.comment", step.comment, true)] : []),
  ];
}
