import { useTranslation } from "react-i18next";
import { useFormat } from "~/components/ui/use-format";

export type TimelineEntry = {
  id: number;
  at: Date | string;
  kind: string;
  action: string;
  actorType: string;
  actorName: string | null;
  device: string | null;
  evaluation: string | null;
  question: string | null;
  stepIndex: number | null;
  before: unknown;
  after: unknown;
};

/** A value before or after, compact: JSON without quotes around keys, long ones cut (the CSV has all of it). */
function valueText(value: unknown): string {
  if (value === null || value === undefined) return "–";
  const text = JSON.stringify(value).replace(/"([A-Za-z]+)":/g, "$1: ");
  return text.length > 240 ? `${text.slice(0, 239)}…` : text;
}

/** One recorded change: when, what, who, where (evaluation, question, step) and the value it changed. */
export function TimelineRow({ entry: r, names }: { entry: TimelineEntry; names: Readonly<Record<string, string>> }) {
  const { t } = useTranslation();
  const format = useFormat();
  const where = [
    r.evaluation ? (names[r.evaluation] ?? r.evaluation) : null,
    r.question ? (names[r.question] ?? r.question) : null,
    r.stepIndex !== null ? t("audit:step", { step: r.stepIndex + 1 }) : null,
  ].filter(Boolean);
  const action = `audit:action.${r.action.replace(/[.-]/g, "_")}`;
  return (
    <tr
      className="border-t border-slate-100 align-top"
      data-testid="timeline-entry"
      data-kind={r.kind}
      data-action={r.action}
    >
      <td className="px-2 py-2 tabular-nums">{format.exactTime(r.at, true)}</td>
      <td className="px-2 py-2">
        <span className="font-medium">{t(action, { defaultValue: r.action })}</span>
        <div className="text-xs text-slate-600">{t(`audit:kind.${r.kind}`)}</div>
      </td>
      <td className="px-2 py-2">
        {r.actorName ?? t(`audit:actor.${r.actorType}`)}
        <div className="break-all text-xs text-slate-600">
          {t(`audit:actor.${r.actorType}`)}
          {r.device ? ` · ${r.device}` : ""}
        </div>
      </td>
      <td className="break-words px-2 py-2">{where.length ? where.join(" · ") : t("audit:whole-session")}</td>
      <td className="px-2 py-2">
        <div className="break-all font-mono text-xs text-slate-600">
          <span className="sr-only">{t("audit:before")}: </span>
          {valueText(r.before)}
        </div>
        <div className="break-all font-mono text-xs text-slate-900">
          <span aria-hidden="true">→ </span>
          <span className="sr-only">{t("audit:after")}: </span>
          {valueText(r.after)}
        </div>
      </td>
    </tr>
  );
}
