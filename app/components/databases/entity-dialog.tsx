import { useFetcher, useLocation } from "@remix-run/react";
import { Dialog } from "radix-ui";
import { useEffect, useId, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { IntentResult } from "~/lib/intent-action.server";
import { Alert, Button, TextField } from "../ui/form";

export type FieldDef = {
  name: string;
  label: string;
  type?: "text" | "email" | "tel" | "number" | "textarea" | "select";
  required?: boolean;
  options?: Array<{ value: string; label: string }>;
  hint?: string;
  /** A field of its own kind (a search combobox), given the form's values and the field's error. */
  render?: (values: Record<string, string | null | undefined>, error: string | undefined) => ReactNode;
};

export const overlay = "fixed inset-0 z-40 bg-slate-900/40";
export const panel =
  "fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl focus:outline-none";

function SelectOrTextarea({ field, value, error }: { field: FieldDef; value: string; error?: string }) {
  const id = useId();
  const common = {
    id,
    name: field.name,
    defaultValue: value,
    required: field.required,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : undefined,
    className: `rounded-md border px-3 py-2 text-sm shadow-sm ${error ? "border-red-600" : "border-slate-300"}`,
  };
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {field.label}
      </label>
      {field.type === "select" ? (
        <select {...common}>
          {field.options?.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      ) : (
        <textarea rows={3} {...common} />
      )}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A create or edit form in a dialog (EntityDialog). Posts `intent` (and `id`) to the current route; shows the
 * server's translated field errors; closes when the save succeeded.
 */
export function EntityDialog({
  trigger,
  title,
  intent,
  id,
  fields,
  values = {},
  hidden = {},
}: {
  trigger: ReactNode;
  title: string;
  intent: string;
  id?: string;
  fields: FieldDef[];
  values?: Record<string, string | null | undefined>;
  hidden?: Record<string, string>;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [round, setRound] = useState(0);
  const fetcher = useFetcher<IntentResult>({ key: `${intent}-${id ?? "new"}-${round}` });
  const { pathname } = useLocation();
  const result = fetcher.data;
  useEffect(() => {
    if (fetcher.state === "idle" && result?.ok) setOpen(false);
  }, [fetcher.state, result]);
  const errors = result && !result.ok ? result.fieldErrors : {};
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (next) setRound((r) => r + 1);
        setOpen(next);
      }}
    >
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={overlay} />
        <Dialog.Content
          className={panel}
          aria-describedby={undefined}
          // Escape in an open combobox closes its list, not the whole form.
          onEscapeKeyDown={(e) => (e.target as HTMLElement | null)?.getAttribute("aria-expanded") === "true" && e.preventDefault()}
        >
          <Dialog.Title className="mb-4 text-lg font-semibold text-primary">{title}</Dialog.Title>
          <fetcher.Form method="post" action={pathname} className="flex flex-col gap-4" noValidate>
            <input type="hidden" name="intent" value={intent} />
            {id ? <input type="hidden" name="id" value={id} /> : null}
            {Object.entries(hidden).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            {result && !result.ok && Object.keys(result.fieldErrors).length === 0 ? <Alert>{result.message}</Alert> : null}
            {fields.map((field) =>
              field.render ? (
                <div key={field.name}>{field.render(values, errors[field.name])}</div>
              ) : field.type === "select" || field.type === "textarea" ? (
                <SelectOrTextarea key={field.name} field={field} value={values[field.name] ?? ""} error={errors[field.name]} />
              ) : (
                <TextField
                  key={field.name}
                  name={field.name}
                  type={field.type ?? "text"}
                  label={field.label}
                  required={field.required}
                  defaultValue={values[field.name] ?? ""}
                  error={errors[field.name]}
                  hint={field.hint}
                />
              ),
            )}
            <div className="flex justify-end gap-2">
              <Dialog.Close asChild>
                <Button variant="secondary">{t("databases:form.cancel")}</Button>
              </Dialog.Close>
              <Button type="submit" disabled={fetcher.state !== "idle"}>
                {fetcher.state !== "idle" ? t("databases:form.saving") : t("databases:form.save")}
              </Button>
            </div>
          </fetcher.Form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
