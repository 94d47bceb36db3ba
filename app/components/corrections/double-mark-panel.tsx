import { Form, Link, useNavigation } from "@remix-run/react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { fieldInputClass } from "~/components/ui/form";
import { IntentButton, ScoreInput } from "./mark-controls";
import { HeaderRow } from "~/components/ui/header-row";
import { Section } from "~/components/ui/section";
import { useFormat } from "~/components/ui/use-format";
import type { DoubleMark } from "~/modules/corrections/index.server";

// Double marking (ADR 0036) on the participant's corrections page: both examiners' station marks
// side by side, the discrepancy, and the exam board's resolution (agreed mark, mean, third examiner).

const STATUS_STYLE: Record<DoubleMark["status"], string> = {
  pending: "border-slate-300 bg-slate-50 text-slate-800",
  agreed: "border-green-700 bg-green-50 text-green-900",
  discrepancy: "border-red-700 bg-red-50 text-red-900",
  resolved: "border-sky-700 bg-sky-50 text-sky-950",
};

export function DoubleMarkStatusBadge({ status }: { status: DoubleMark["status"] }) {
  const { t } = useTranslation();
  return (
    <span
      className={`inline-flex items-center rounded-full border px-2 py-0.5 text-sm font-medium ${STATUS_STYLE[status]}`}
      data-testid="double-mark-status"
      data-status={status}
    >
      {status === "discrepancy" ? "⚠ " : ""}
      {t(`corrections:double.status.${status}`)}
    </span>
  );
}

function Points({ score, max }: { score: number; max: number }) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <>
      {t("corrections:double.points", {
        score: f.number(score),
        max: f.number(max),
        percent: f.number(max > 0 ? (score / max) * 100 : 0, { maximumFractionDigits: 0 }),
      })}
    </>
  );
}

export function DoubleMarkPanel({ mark, canResolve }: { mark: DoubleMark; canResolve: boolean }) {
  const { t } = useTranslation();
  const f = useFormat();
  const id = useId();
  const navigation = useNavigation();
  const [method, setMethod] = useState<"AGREED" | "MEAN" | "THIRD_EXAMINER">("AGREED");
  const examiners = [
    { key: "first", label: t("corrections:double.first-examiner"), m: mark.first },
    { key: "second", label: t("corrections:double.second-examiner"), m: mark.second },
  ] as const;
  const bothDone = !!mark.first.markedAt && !!mark.second.markedAt;
  const mean = Math.round(((mark.first.score + mark.second.score) / 2) * 100) / 100;
  return (
    <section
      className={`flex flex-col gap-3 rounded-md border-2 p-3 ${mark.status === "discrepancy" ? "border-red-700" : "border-slate-200"}`}
      aria-labelledby={`${id}-title`}
      data-testid="double-mark"
      data-evaluation={mark.evaluationId}
    >
      <header className="flex flex-wrap items-center gap-2">
        <h3 id={`${id}-title`} className="font-semibold text-slate-900">
          {t("corrections:double.title")}
        </h3>
        <DoubleMarkStatusBadge status={mark.status} />
      </header>
      <table className="w-full text-left text-sm">
        <thead>
          <HeaderRow
            className="border-b border-slate-200 text-slate-700"
            columns={[
              { label: t("corrections:double.examiner"), className: "py-1 pr-2 font-medium" },
              { label: t("corrections:double.score"), className: "py-1 pr-2 font-medium" },
              { label: t("corrections:station.rating"), className: "py-1 font-medium" },
            ]}
          />
        </thead>
        <tbody>
          {examiners.map(({ key, label, m }) => (
            <tr key={key} className="border-b border-slate-100 align-top" data-testid={`double-mark-${key}`}>
              <th scope="row" className="py-1 pr-2 font-normal">
                <span className="block font-medium">{label}</span>
                <span className="block text-slate-600">
                  {m.markedByName ?? "—"}
                  {m.markedAt ? "" : ` · ${t("corrections:double.not-done")}`}
                </span>
              </th>
              <td className="py-1 pr-2">
                <Points score={m.score} max={mark.maxScore} />
              </td>
              <td className="py-1">
                {m.globalRating ? t(`corrections:rating.${m.globalRating}`) : "—"}
                {m.comment ? <span className="block text-slate-600">{m.comment}</span> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="text-sm text-slate-800" data-testid="double-mark-difference">
        {t("corrections:double.difference", {
          difference: f.number(mark.difference),
          threshold: f.number(mark.thresholdPercent),
          points: f.number((mark.thresholdPercent * mark.maxScore) / 100),
          max: f.number(mark.maxScore),
        })}
      </p>
      {mark.resolution ? (
        <p className="text-sm text-slate-900" data-testid="double-mark-resolution">
          {t(`corrections:double.resolved.${mark.resolution.method}`)}{" "}
          <strong>
            <Points score={mark.resolution.score} max={mark.maxScore} />
          </strong>{" "}
          ·{" "}
          {t("corrections:double.resolved-by", {
            name: mark.resolution.resolvedByName ?? "—",
            at: f.dateTime(mark.resolution.resolvedAt),
          })}
          {mark.resolution.note ? <span className="block text-slate-700">{mark.resolution.note}</span> : null}
        </p>
      ) : mark.status === "discrepancy" ? (
        <p className="text-sm font-medium text-red-900">{t("corrections:double.counts-first")}</p>
      ) : null}
      {canResolve && bothDone ? (
        <details open={mark.status === "discrepancy"} className="rounded-md bg-slate-50 p-3">
          <summary className="cursor-pointer font-medium text-primary">
            {mark.resolution ? t("corrections:double.change") : t("corrections:double.resolve")}
          </summary>
          <Form method="post" className="mt-3 flex flex-col gap-3" data-testid="resolve-form">
            <input type="hidden" name="evaluation" value={mark.evaluationId} />
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-1 text-sm font-medium text-slate-700">{t("corrections:double.method")}</legend>
              {(["AGREED", "MEAN", "THIRD_EXAMINER"] as const).map((m) => (
                <label key={m} className="flex min-h-11 cursor-pointer items-center gap-2">
                  <input
                    type="radio"
                    name="method"
                    value={m}
                    checked={method === m}
                    onChange={() => setMethod(m)}
                    className="h-5 w-5"
                    data-testid={`resolve-${m}`}
                  />
                  <span>
                    {t(`corrections:double.methods.${m}`)}
                    {m === "MEAN" ? (
                      <>
                        {" · "}
                        <Points score={mean} max={mark.maxScore} />
                      </>
                    ) : null}
                  </span>
                </label>
              ))}
            </fieldset>
            {method !== "MEAN" ? (
              <div className="flex flex-col gap-1">
                <label htmlFor={`${id}-score`} className="text-sm font-medium text-slate-700">
                  {t(method === "AGREED" ? "corrections:double.agreed-score" : "corrections:double.third-score", {
                    max: f.number(mark.maxScore),
                  })}
                </label>
                <ScoreInput
                  id={`${id}-score`}
                  max={mark.maxScore}
                  required
                  className={`${fieldInputClass(false)} max-w-40`}
                  data-testid="resolve-score"
                />
              </div>
            ) : null}
            <div className="flex flex-col gap-1">
              <label htmlFor={`${id}-note`} className="text-sm font-medium text-slate-700">
                {t("corrections:double.note")}
              </label>
              <textarea id={`${id}-note`} name="note" rows={2} className={fieldInputClass(false)} />
            </div>
            <div>
              <IntentButton intent="resolve" disabled={navigation.state !== "idle"} data-testid="resolve-submit">
                {t("corrections:double.save-resolution")}
              </IntentButton>
            </div>
          </Form>
        </details>
      ) : null}
    </section>
  );
}

/** The live dashboard's list of unresolved discrepancies, each a link to the participant's page. */
export function DiscrepancyList({
  marks,
  participantUrl,
}: {
  marks: DoubleMark[];
  participantUrl: (id: string) => string;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  if (marks.length === 0) return null;
  return (
    <Section
      heading={<>⚠ {t("corrections:double.dashboard-heading", { count: marks.length })}</>}
      headingClassName="text-lg font-semibold text-red-900"
      className="flex flex-col gap-2 rounded-md border-2 border-red-700 bg-red-50 p-3"
      testId="discrepancies"
    >
      <ul className="flex flex-col gap-1">
        {marks.map((m) => (
          <li key={`${m.participantId}-${m.evaluationId}`} data-testid="discrepancy">
            <Link to={participantUrl(m.participantId)} className="text-primary underline">
              {m.participantName}
            </Link>{" "}
            · {m.evaluationName} ·{" "}
            {t("corrections:double.scores", {
              first: f.number(m.first.score),
              second: f.number(m.second.score),
              max: f.number(m.maxScore),
            })}
          </li>
        ))}
      </ul>
    </Section>
  );
}
