import { useFetcher, useLocation } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { decodeCsvBytes } from "~/lib/csv-bytes";
import { MAX_IMPORT_ROWS } from "~/modules/databases";
import type { ImportPreview } from "~/modules/databases/index.server";
import type { IntentResult } from "~/lib/intent-action.server";
import { Alert, Button } from "../ui/form";
import { ImportDialogShell, ImportFileField, ImportPreviewTable } from "../ui/import-dialog-shell";

type Kind = "participants" | "companies";

/** The preview's columns per kind and the label key of each. */
const COLUMNS: Record<Kind, Array<{ key: string; label: string }>> = {
  participants: [
    { key: "name", label: "databases:fields.name" },
    { key: "email", label: "databases:fields.email" },
    { key: "phone", label: "databases:fields.phone" },
    { key: "externalId", label: "databases:fields.externalId" },
    { key: "company", label: "databases:fields.company" },
  ],
  companies: [
    { key: "name", label: "databases:fields.name" },
    { key: "line1", label: "databases:fields.address.line1" },
    { key: "city", label: "databases:fields.address.city" },
    { key: "region", label: "databases:fields.address.region" },
    { key: "postal", label: "databases:fields.address.postal" },
    { key: "country", label: "databases:fields.address.country" },
  ],
};

/**
 * Import from CSV: upload a file or paste rows, preview what each line would do (create, update,
 * or the reasons it cannot be saved, with its line number), then save the rows without errors.
 * The route's action answers the intents `preview` and `import` with field `csv`.
 */
export function ImportDialog({ kind = "participants" }: { kind?: Kind }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const [csv, setCsv] = useState("");
  const { pathname } = useLocation();
  const preview = useFetcher<IntentResult>({ key: `import-preview-${kind}` });
  const save = useFetcher<IntentResult>({ key: `import-save-${kind}` });
  // The CSV the shown preview is of: saving is only offered for exactly what was previewed.
  const [previewed, setPreviewed] = useState<string | null>(null);
  const result =
    preview.data?.ok && preview.data.intent === "preview" && previewed === csv
      ? (preview.data.data as ImportPreview<string>)
      : null;
  const saved = save.data?.ok ? save.data.message : null;
  const columns = COLUMNS[kind];
  const fieldLabel = (field: string) =>
    t(columns.find((c) => c.key === field)?.label ?? `databases:fields.${field}`, { defaultValue: field });

  // Which encoding the chosen file was read in: a file that is not UTF-8 is read as Windows-1252, and said so.
  const [encoding, setEncoding] = useState<"utf-8" | "windows-1252" | null>(null);
  const onFile = async (file: File | undefined) => {
    if (!file) return;
    const decoded = decodeCsvBytes(await file.arrayBuffer());
    setEncoding(decoded.encoding);
    setCsv(decoded.text);
  };

  return (
    <ImportDialogShell
      open={open}
      onOpenChange={setOpen}
      openLabel={t("databases:import.open")}
      openTestId="import"
      title={t(`databases:import.${kind}.title`)}
      description={
        <>
          {t(`databases:import.${kind}.help`)}{" "}
          {t("databases:import.limit", { max: MAX_IMPORT_ROWS.toLocaleString(i18n.language) })}
        </>
      }
      closeLabel={t("databases:form.close")}
    >
      <ImportFileField
        label={t("databases:import.upload")}
        accept=".csv,text/csv,text/plain"
        onFile={(file) => void onFile(file)}
      />
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
        {t("databases:import.paste")}
        <textarea
          name="csv"
          value={csv}
          onChange={(e) => {
            setCsv(e.currentTarget.value);
            setEncoding(null);
          }}
          rows={8}
          className="rounded-md border border-slate-300 px-3 py-2 font-mono text-xs"
          placeholder={columns.map((c) => c.key).join(",")}
        />
      </label>
      {encoding === "windows-1252" ? (
        <Alert tone="info">
          <span data-testid="import-encoding">{t("databases:import.not-utf8")}</span>
        </Alert>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button
          variant="secondary"
          data-testid="import-preview-button"
          disabled={!csv.trim() || preview.state !== "idle"}
          onClick={() => {
            setPreviewed(csv);
            preview.submit({ intent: "preview", csv }, { method: "post", action: pathname });
          }}
        >
          {t("databases:import.preview")}
        </Button>
        <Button
          data-testid="import-save"
          disabled={
            !result ||
            result.missingColumns.length > 0 ||
            result.counts.create + result.counts.update === 0 ||
            save.state !== "idle"
          }
          onClick={() => save.submit({ intent: "import", csv }, { method: "post", action: pathname })}
        >
          {t("databases:import.save")}
        </Button>
      </div>
      {saved ? <Alert tone="success">{saved}</Alert> : null}
      {save.data && !save.data.ok ? <Alert>{save.data.message}</Alert> : null}
      {preview.data && !preview.data.ok ? <Alert>{preview.data.message}</Alert> : null}
      {result?.missingColumns.length ? (
        <Alert>{t("databases:import.missing-columns", { columns: result.missingColumns.join(", ") })}</Alert>
      ) : null}
      {result && !result.missingColumns.length ? (
        <ImportPreviewTable
          summary={
            <>
              {t("databases:import.summary", result.counts)}
              {result.rows.length < result.totalRows
                ? ` ${t("databases:import.sample", { shown: result.rows.length, total: result.totalRows })}`
                : ""}
            </>
          }
          testId={{ summary: "import-summary", table: "import-preview" }}
          columns={[
            t("databases:import.line"),
            t("databases:import.action"),
            ...columns.map((c) => t(c.label)),
            t("databases:import.reasons"),
          ]}
        >
          {result.rows.map((row) => (
            <tr key={row.line} className={`border-t border-slate-100 ${row.action === "error" ? "bg-red-50" : ""}`}>
              <td className="px-2 py-1">{row.line}</td>
              <td className="px-2 py-1">{t(`databases:import.actions.${row.action}`)}</td>
              {columns.map((c) => (
                <td key={c.key} className="px-2 py-1">
                  {(row.values as Record<string, string | undefined>)[c.key]}
                  {c.key === "company" && row.newCompany ? ` (${t("databases:import.new-company")})` : ""}
                </td>
              ))}
              <td className="px-2 py-1 text-red-700">
                {row.reasons
                  .map((r) => `${fieldLabel(r.field)}${t("common:colon")}${t(r.key, r.values ?? {})}`)
                  .join("; ")}
              </td>
            </tr>
          ))}
        </ImportPreviewTable>
      ) : null}
    </ImportDialogShell>
  );
}
