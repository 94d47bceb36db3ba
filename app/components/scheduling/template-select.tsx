import { useTranslation } from "react-i18next";
import type { ReferenceSelectProps } from "~/components/databases/reference-selects";
import { SearchSelect } from "~/components/ui/search-select";

type TemplateNode = { _id: string; name: string; evaluations: unknown[] };

/** A session template, searched through the templates list (however many the organisation has). */
export function TemplateSelect(props: ReferenceSelectProps) {
  const { t } = useTranslation();
  return (
    <SearchSelect
      {...props}
      source="/admin/assessments/sessions"
      toOption={(n: TemplateNode) => ({
        id: n._id,
        label: n.name,
        detail: t("assessments:overview.evaluation-count", { count: n.evaluations.length }),
      })}
      testId={`select-${props.name ?? "template"}`}
    />
  );
}
