import { useTranslation } from "react-i18next";
import { EntityDialog } from "~/components/databases/entity-dialog";
import { Button } from "~/components/ui/form";
import { categoryInput, supplyObjectInput } from "~/modules/databases";

const KINDS = {
  categories: { action: "/admin/databases/categories", schema: categoryInput },
  supplies: { action: "/admin/databases/supplies", schema: supplyObjectInput },
} as const;

/**
 * "New category" / "New supply object" beside a picker: the databases' own create form,
 * in a dialog over the editor, so nothing typed so far is left; the item made is chosen at once
 * (the screen's data is reloaded after the save, so it is in the list too).
 */
export function CreateReference({ kind, onCreated }: { kind: keyof typeof KINDS; onCreated: (id: string) => void }) {
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
