import { Form, Link, useNavigation, useSubmit } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert, Button, TextField } from "~/components/ui/form";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { useFormat } from "~/components/ui/use-format";
import type { ExamsOverviewView } from "./board-view";

type Overview = ExamsOverviewView;
type Result =
  | { ok: true; intent: string; message?: string }
  | { ok: false; intent: string; message: string; fieldErrors: Record<string, string>; id: string | null };

/** The exams with rename and remove, and the form grouping scheduled sessions into a new exam. */
export function ExamList({ overview, result }: { overview: Overview; result: Result | null }) {
  const { t } = useTranslation();
  const format = useFormat();
  const submit = useSubmit();
  const busy = useNavigation().state !== "idle";
  const [renaming, setRenaming] = useState<string | null>(null);
  const examName = new Map(overview.exams.map((e) => [e._id, e.name]));
  const addErrors = result && !result.ok && result.intent === "add" ? result.fieldErrors : {};
  return (
    <div className="flex flex-col gap-6">
      {result?.ok && result.message ? <Alert tone="success">{result.message}</Alert> : null}
      {result && !result.ok ? <Alert>{result.message}</Alert> : null}
      <section aria-labelledby="exams-list" className="rounded-md border border-slate-200 bg-white p-4">
        <h2 id="exams-list" className="mb-3 text-lg font-semibold text-primary">
          {t("exams:list.title")}
        </h2>
        {overview.exams.length === 0 ? (
          <p className="text-sm text-slate-600">{t("exams:list.empty")}</p>
        ) : (
          <ul className="divide-y divide-slate-200">
            {overview.exams.map((exam) => (
              <li key={exam._id} className="flex flex-wrap items-center gap-3 py-2">
                {renaming === exam._id ? (
                  <Form method="post" className="flex flex-wrap items-end gap-2" onSubmit={() => setRenaming(null)}>
                    <input type="hidden" name="intent" value="rename" />
                    <input type="hidden" name="id" value={exam._id} />
                    <TextField label={t("exams:list.name")} name="name" defaultValue={exam.name} required />
                    <Button type="submit" disabled={busy}>
                      {t("exams:save")}
                    </Button>
                  </Form>
                ) : (
                  <span className="min-w-0 flex-1">
                    <Link to={`/admin/exams/${exam._id}`} className="font-medium">
                      {exam.name}
                    </Link>
                    <span className="block text-sm text-slate-600">
                      {exam.sessionTemplateName} ·{" "}
                      {t("exams:list.session-count", { count: exam.scheduledSessions.length })}
                    </span>
                  </span>
                )}
                <Button variant="secondary" onClick={() => setRenaming(renaming === exam._id ? null : exam._id)}>
                  {t("exams:list.rename")}
                </Button>
                <ConfirmDialog
                  trigger={<Button variant="danger">{t("exams:list.remove")}</Button>}
                  title={t("exams:list.remove")}
                  description={t("exams:list.remove-confirm", { name: exam.name })}
                  cancelLabel={t("exams:cancel")}
                  confirmLabel={t("exams:list.remove")}
                  confirmVariant="danger"
                  testId={`remove-exam-${exam._id}`}
                  onConfirm={() => submit({ intent: "remove", id: exam._id }, { method: "post" })}
                />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="exams-add" className="rounded-md border border-slate-200 bg-white p-4">
        <h2 id="exams-add" className="mb-3 text-lg font-semibold text-primary">
          {t("exams:list.add")}
        </h2>
        <Form method="post" className="flex flex-col gap-3">
          <input type="hidden" name="intent" value="add" />
          <TextField label={t("exams:list.name")} name="name" required error={addErrors.name} className="max-w-md" />
          <fieldset aria-describedby="exam-sessions-hint">
            <legend className="text-sm font-medium text-slate-800">{t("exams:list.sessions")}</legend>
            <p id="exam-sessions-hint" className="text-sm text-slate-600">
              {t("exams:list.sessions-hint")}
            </p>
            {addErrors.scheduledSessions ? (
              <p className="text-sm text-red-700" role="alert">
                {addErrors.scheduledSessions}
              </p>
            ) : null}
            <ul className="mt-2 max-h-80 overflow-auto rounded border border-slate-200">
              {overview.sessions.map((s) => (
                <li key={s.id} className="border-b border-slate-100 px-3 py-1.5 last:border-0">
                  <label className="flex items-start gap-2 text-sm">
                    <input
                      type="checkbox"
                      name="scheduledSessions"
                      value={s.id}
                      disabled={s.exam !== null}
                      className="mt-1"
                    />
                    <span>
                      <span className="font-medium">{s.sessionTemplateName}</span> · {format.dateTime(s.datetime)}
                      {s.reference ? ` · ${s.reference}` : ""}
                      {s.exam ? (
                        <span className="text-slate-600">
                          {" "}
                          ({t("exams:list.in-exam", { name: examName.get(s.exam) ?? "" })})
                        </span>
                      ) : null}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
          <div>
            <Button type="submit" disabled={busy}>
              {t("exams:list.add")}
            </Button>
          </div>
        </Form>
      </section>
    </div>
  );
}
