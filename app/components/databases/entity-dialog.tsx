import { type FetcherWithComponents } from "@remix-run/react";
import { Dialog } from "radix-ui";
import { useEffect, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { IntentResult } from "~/lib/intent-action.server";
import { focusOpenerOnClose, useIntentDialog, type OpenedDialog } from "../ui/use-intent-dialog";
import { z, type ZodTypeAny } from "zod";
import { Alert, Button, SelectField, TextareaField, TextField } from "../ui/form";
import { overlay, panel } from "../ui/dialog-style";
import { useSchemaForm } from "../ui/schema-form";

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

/** What the dialog's form posts (`intent`, `id`, hidden values) and shows (fields, their values). */
type FormSpec = {
  intent: string;
  id?: string;
  fields: FieldDef[];
  values?: Record<string, string | null | undefined>;
  hidden?: Record<string, string>;
  schema?: ZodTypeAny;
};

/**
 * A create or edit form in a dialog (EntityDialog). Posts `intent` (and `id`) to the current route; shows the
 * server's translated field errors; closes when the save succeeded. With the module's input
 * `schema`, fields are checked while they are filled in, by the rules the save enforces.
 */
export function EntityDialog({
  trigger,
  title,
  opened,
  action,
  onSaved,
  ...form
}: FormSpec & {
  /** The button that opens it; none when its list opens it (`opened`). */
  trigger?: ReactNode;
  opened?: OpenedDialog;
  title: string;
  /** Where it posts, when not the current route (a picker creating an item on its list's screen). */
  action?: string;
  /** Told what the save returned (a created item), once, when it succeeded. */
  onSaved?: (data: unknown) => void;
}) {
  // Keyed by where it posts too: two pickers' create dialogs on one screen must not share a fetcher.
  const {
    fetcher,
    round,
    action: pathname,
    rootProps,
  } = useIntentDialog(`${form.intent}-${form.id ?? "new"}${action ? `@${action}` : ""}`, opened);
  const saved = fetcher.state === "idle" && fetcher.data?.ok ? fetcher.data : null;
  useEffect(() => {
    if (saved) onSaved?.(saved.data);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per save
  }, [saved]);
  return (
    <Dialog.Root {...rootProps}>
      {trigger ? <Dialog.Trigger asChild>{trigger}</Dialog.Trigger> : null}
      <Dialog.Portal>
        <Dialog.Overlay className={overlay} />
        <Dialog.Content
          className={panel}
          onCloseAutoFocus={focusOpenerOnClose(opened)}
          aria-describedby={undefined}
          // Escape in an open combobox closes its list, not the whole form.
          onEscapeKeyDown={(e) =>
            (e.target as HTMLElement | null)?.getAttribute("aria-expanded") === "true" && e.preventDefault()
          }
        >
          <Dialog.Title className="mb-4 text-lg font-semibold text-primary">{title}</Dialog.Title>
          <DialogForm key={round} fetcher={fetcher} action={action ?? pathname} {...form} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

const ANY_FORM = z.object({}).passthrough();

/** The dialog's form: one Conform form per opening (its checks start afresh). */
function DialogForm({
  fetcher,
  action,
  schema,
  intent,
  id,
  hidden = {},
  fields,
  values = {},
}: FormSpec & { fetcher: FetcherWithComponents<IntentResult>; action: string }) {
  const { t } = useTranslation();
  const result = fetcher.data;
  const { formProps, field, errorOf } = useSchemaForm(schema ?? ANY_FORM, {
    serverErrors: result && !result.ok ? result.fieldErrors : undefined,
  });
  return (
    <fetcher.Form method="post" action={action} {...formProps} className="flex flex-col gap-4">
      <input type="hidden" name="intent" value={intent} />
      {id ? <input type="hidden" name="id" value={id} /> : null}
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {result && !result.ok && Object.keys(result.fieldErrors).length === 0 ? <Alert>{result.message}</Alert> : null}
      {fields.map((def) => {
        // The schema's constraints and live error, else the field's own `required` and the server's error.
        const props = {
          ...field(def.name),
          required: field(def.name).required ?? def.required,
          label: def.label,
          hint: def.hint,
          defaultValue: values[def.name] ?? "",
        };
        if (def.render) return <div key={def.name}>{def.render(values, errorOf(def.name))}</div>;
        if (def.type === "textarea") return <TextareaField key={def.name} {...props} />;
        if (def.type === "select")
          return (
            <SelectField key={def.name} {...props}>
              {def.options?.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </SelectField>
          );
        return <TextField key={def.name} {...props} type={def.type ?? "text"} />;
      })}
      <div className="flex justify-end gap-2">
        <Dialog.Close asChild>
          <Button variant="secondary">{t("databases:form.cancel")}</Button>
        </Dialog.Close>
        <Button type="submit" disabled={fetcher.state !== "idle"}>
          {fetcher.state !== "idle" ? t("databases:form.saving") : t("databases:form.save")}
        </Button>
      </div>
    </fetcher.Form>
  );
}
