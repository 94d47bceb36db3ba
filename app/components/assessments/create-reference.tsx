import type { Dispatch, SetStateAction } from "react";
import { useTranslation } from "react-i18next";
import { EntityDialog } from "~/components/databases/entity-dialog";
import { Button } from "~/components/ui/form";
import { categoryInput, supplyObjectInput } from "~/modules/databases";
import { CheckboxList } from "./screen-parts";

const KINDS = {
  categories: { action: "/admin/databases/categories", schema: categoryInput },
  supplies: { action: "/admin/databases/supplies", schema: supplyObjectInput },
} as const;
type Kind = keyof typeof KINDS;

/**
 * "New category" / "New supply object" beside a picker: the databases' own create form,
 * in a dialog over the editor, so nothing typed so far is left; the item made is chosen at once
 * (the screen's data is reloaded after the save, so it is in the list too).
 */
export function CreateReference({ kind, onCreated }: { kind: Kind; onCreated: (id: string) => void }) {
  const { t } = useTranslation();
  const { action, schema } = KINDS[kind];
  const label = t(`assessments:picker.create.${kind}`);
  return (
    <EntityDialog
      trigger={
        <Button variant="ghost" className="self-start px-2 py-1" data-testid={`create-${kind}`}>
          + {label}
        </Button>
      }
      title={label}
      intent="create"
      action={action}
      schema={schema}
      fields={[{ name: "name", label: t("databases:fields.name"), required: true }]}
      onSaved={(data) => {
        const id = (data as { _id?: unknown } | undefined)?._id;
        if (typeof id === "string") onCreated(id);
      }}
    />
  );
}

/**
 * The categories or supply objects of a question, evaluation or session template: checkboxes, and
 * for those who may (`canCreate`, the editor loaders' referenceOptions) a way to create one from here.
 */
export function ReferencePicker({
  kind,
  canCreate,
  options,
  value,
  onChange,
  error,
  disabled,
}: {
  kind: Kind;
  canCreate: boolean;
  options: Array<{ _id: string; name: string; depth?: number; path?: string }>;
  value: string[];
  /** A state setter: a created item is added to what is chosen at the time it is made. */
  onChange: Dispatch<SetStateAction<string[]>>;
  error?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <CheckboxList
      legend={t(`assessments:fields.${kind}`)}
      options={options}
      value={value}
      onChange={onChange}
      error={error}
      disabled={disabled}
      create={canCreate ? <CreateReference kind={kind} onCreated={(id) => onChange((ids) => [...ids, id])} /> : null}
    />
  );
}
