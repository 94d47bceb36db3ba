import { useRevalidator } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { refusalText } from "~/lib/app-error";
import type { QtiImportAnswer } from "~/modules/qti";
import { Alert, Button } from "../ui/form";
import { ImportDialogShell, ImportFileField, ImportPreviewTable } from "../ui/import-dialog-shell";

/**
 * Import a QTI 3 content package: choose the .zip, see what each item becomes (or why it is not
 * imported) in a preview, then import the items that map (POST /api/qti/import, first with
 * `?preview=1`). The list behind the dialog refreshes after an import.
 */
export function QtiImportDialog() {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<QtiImportAnswer | null>(null);
  const [done, setDone] = useState<QtiImportAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const reset = () => {
    setFile(null);
    setPreview(null);
    setDone(null);
    setError(null);
  };

  async function send(onlyPreview: boolean) {
    if (!file) return;
    setBusy(true);
    setError(null);
    const body = new FormData();
    body.set("file", file);
    try {
      const res = await fetch(`/api/qti/import${onlyPreview ? "?preview=1" : ""}`, { method: "POST", body });
      const answer = (await res.json()) as ({ ok: true } & QtiImportAnswer) | { ok: false; message?: string };
      if (!answer.ok) {
        setError(refusalText(answer) ?? res.statusText);
      } else if (onlyPreview) {
        setPreview(answer);
      } else {
        setDone(answer);
        setPreview(null);
        revalidator.revalidate();
      }
    } catch {
      setError(t("qti:errors.not-zip"));
    } finally {
      setBusy(false);
    }
  }

  const shown = preview ?? null;
  return (
    <ImportDialogShell
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
      openLabel={t("qti:import.open")}
      openTestId="qti-import"
      title={t("qti:import.title")}
      description={t("qti:import.help")}
      closeLabel={t("qti:import.close")}
      closeTestId="qti-import-close"
      testId="qti-import-dialog"
    >
      <ImportFileField
        label={t("qti:import.file")}
        accept=".zip,application/zip"
        testId="qti-import-file"
        onFile={(chosen) => {
          setFile(chosen ?? null);
          setPreview(null);
          setDone(null);
          setError(null);
        }}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button
          variant="secondary"
          data-testid="qti-import-preview"
          disabled={!file || busy}
          onClick={() => void send(true)}
        >
          {t("qti:import.preview")}
        </Button>
        <Button
          data-testid="qti-import-save"
          disabled={!shown || shown.counts.mapped === 0 || busy}
          onClick={() => void send(false)}
        >
          {t("qti:import.save", { count: shown?.counts.mapped ?? 0 })}
        </Button>
      </div>
      {busy ? (
        <p role="status" className="text-sm text-slate-600">
          {t("qti:import.working")}
        </p>
      ) : null}
      {error ? <Alert>{error}</Alert> : null}
      {done ? (
        <Alert tone="success">
          <span data-testid="qti-import-done">{t("qti:import.done", { count: done.questions.length })}</span>
        </Alert>
      ) : null}
      {shown ? (
        <ImportPreviewTable
          summary={t("qti:import.summary", shown.counts)}
          testId={{ summary: "qti-import-summary", table: "qti-import-preview-table" }}
          columns={[t("qti:import.item"), t("qti:import.becomes"), t("qti:import.details")]}
        >
          {shown.items.map((item, index) => (
            <tr
              key={`${item.identifier}-${index}`}
              className={`border-t border-slate-100 align-top ${item.mapped ? "" : "bg-red-50"}`}
              data-testid="qti-import-row"
              data-mapped={item.mapped ? "yes" : "no"}
            >
              <td className="px-2 py-1">
                <span className="font-medium">{item.title}</span>
                <br />
                <span className="text-slate-600 [overflow-wrap:anywhere]">{item.identifier}</span>
              </td>
              <td className="px-2 py-1">
                {item.mapped
                  ? item.steps.map((s) => t(`assessments:stepType.${s}`)).join(", ")
                  : t("qti:import.not-mapped")}
              </td>
              <td className="px-2 py-1">
                <ul className="flex flex-col gap-1">
                  {item.reasons.map((r, i) => (
                    <li key={`r${i}`} className="text-red-800">
                      {r.message}
                    </li>
                  ))}
                  {item.notes.map((n, i) => (
                    <li key={`n${i}`} className="text-slate-700">
                      {n.message}
                    </li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </ImportPreviewTable>
      ) : null}
    </ImportDialogShell>
  );
}
