import { Form, Link, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DoubleMarkStatusBadge } from "~/components/corrections/double-mark-panel";
import { Button, TextField } from "~/components/ui/form";
import { HeaderRow } from "~/components/ui/header-row";
import { useFormat } from "~/components/ui/use-format";
import { DEFAULT_DISCREPANCY_THRESHOLD } from "~/modules/corrections";
import type { ExamBoardView } from "./board-view";

/**
 * The exam's double marking (ADR 0036): the discrepancy threshold the board sets for all its
 * sessions, and every station marked by two examiners with its status, each linking to the
 * participant's corrections page where a discrepancy is resolved.
 */
export function DoubleMarkingSection({
  board,
  fieldError,
}: {
  board: ExamBoardView;
  /** The server's translated refusal of the threshold field. */
  fieldError: string | null;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const busy = useNavigation().state !== "idle";
  const { threshold, marks } = board.doubleMarking;
  const open = marks.filter((m) => m.status === "discrepancy").length;
  const sessionLabel = (id: string) => {
    const session = board.sessions.find((s) => s.id === id);
    return session ? session.reference || f.dateTime(session.datetime) : id;
  };
  const points = (score: number, max: number) =>
    t("corrections:double.points", {
      score: f.number(score),
      max: f.number(max),
      percent: f.number(max > 0 ? (score / max) * 100 : 0, { maximumFractionDigits: 0 }),
    });
  const staff = (id: string | null) => (id ? (board.staffNames[id] ?? "") : "");
  return (
    <section
      aria-labelledby="exam-double-marking"
      className="flex flex-col gap-4 rounded-md border border-slate-200 bg-white p-4"
      data-testid="double-marking"
    >
      <div>
        <h2 id="exam-double-marking" className="text-lg font-semibold text-primary">
          {t("exams:double.heading")}
        </h2>
        <p className="max-w-3xl text-sm text-slate-700">{t("exams:double.intro")}</p>
      </div>

      <Form method="post" noValidate className="flex flex-wrap items-start gap-2" data-testid="discrepancy-threshold">
        <input type="hidden" name="intent" value="discrepancy-threshold" />
        <TextField
          label={t("exams:double.threshold")}
          hint={
            threshold.percent === null
              ? t("exams:double.threshold-mixed", {
                  list: threshold.sessions
                    .map((s) => `${sessionLabel(s.scheduledSession)}: ${f.number(s.percent)} %`)
                    .join(", "),
                })
              : t("exams:double.threshold-hint", { default: DEFAULT_DISCREPANCY_THRESHOLD })
          }
          error={fieldError}
          name="percent"
          type="number"
          inputMode="decimal"
          min={0}
          max={100}
          step="any"
          defaultValue={threshold.percent ?? ""}
          className="w-full max-w-xs"
        />
        <Button type="submit" variant="secondary" disabled={busy} className="sm:mt-6">
          {t("exams:double.save")}
        </Button>
      </Form>

      {marks.length === 0 ? (
        <p className="text-sm text-slate-600">{t("exams:double.none")}</p>
      ) : (
        <>
          <p
            className={`text-sm font-medium ${open > 0 ? "text-red-800" : "text-slate-700"}`}
            data-testid="double-marking-summary"
          >
            {open > 0
              ? `⚠ ${t("exams:double.to-resolve", { count: open })}`
              : t("exams:double.all-resolved", { count: marks.length })}
          </p>
          <div className="overflow-x-auto">
            <table className="w-full text-sm" data-testid="double-marks">
              <caption className="sr-only">{t("exams:double.heading")}</caption>
              <thead>
                <HeaderRow
                  className="border-b border-slate-300 text-left"
                  columns={[
                    { label: t("exams:double.participant"), className: "py-1 pr-2" },
                    { label: t("exams:double.marks"), className: "px-2 py-1" },
                    { label: t("exams:double.status"), className: "py-1 pl-2" },
                  ]}
                />
              </thead>
              <tbody>
                {marks.map((m) => (
                  <tr
                    key={`${m.scheduledSessionId}/${m.participantId}/${m.evaluationId}`}
                    className="border-b border-slate-100 align-top"
                    data-testid="double-mark-row"
                    data-status={m.status}
                  >
                    <th scope="row" className="py-1.5 pr-2 text-left font-normal">
                      <Link
                        to={`/admin/scheduledsessions/dashboard/${m.scheduledSessionId}/participant/${m.participantId}`}
                        className="font-medium"
                      >
                        {m.participantName}
                      </Link>
                      <span className="block text-slate-700">{m.evaluationName}</span>
                    </th>
                    <td className="px-2 py-1.5">
                      <span className="block">
                        {t("exams:double.first", {
                          name: staff(m.first.markedBy),
                          points: points(m.first.score, m.maxScore),
                        })}
                      </span>
                      <span className="block">
                        {t("exams:double.second", {
                          name: staff(m.second.markedBy),
                          points: points(m.second.score, m.maxScore),
                        })}
                      </span>
                    </td>
                    <td className="py-1.5 pl-2">
                      <DoubleMarkStatusBadge status={m.status} />
                      <span className="mt-0.5 block font-medium" data-testid="double-mark-counted">
                        {t("exams:double.counted", { points: points(m.countedScore, m.maxScore) })}
                      </span>
                      {m.resolution ? (
                        <span className="block text-xs text-slate-700">
                          {t(`corrections:double.methods.${m.resolution.method}`)},{" "}
                          {t("corrections:double.resolved-by", {
                            name: staff(m.resolution.resolvedBy),
                            at: f.dateTime(m.resolution.resolvedAt),
                          })}
                        </span>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
