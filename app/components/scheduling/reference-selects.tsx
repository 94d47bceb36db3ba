import { useTranslation } from "react-i18next";
import { formatAddress } from "~/components/databases/data-list";
import { SearchSelect, type SearchOption } from "~/components/ui/search-select";

type Common = {
  name?: string;
  label: string;
  placeholder?: string;
  initial: SearchOption | null;
  emptyLabel?: string;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  onChange?: (option: SearchOption | null) => void;
};

type TemplateNode = { _id: string; name: string; evaluations: unknown[] };
type LocationNode = { _id: string; name: string; address: Parameters<typeof formatAddress>[0] };

/** A session template, searched through the templates list (however many the organisation has). */
export function TemplateSelect(props: Common) {
  const { t } = useTranslation();
  return (
    <SearchSelect
      {...props}
      source="/admin/assessments/sessions"
      toOption={(n: TemplateNode) => ({ id: n._id, label: n.name, detail: t("assessments:overview.evaluation-count", { count: n.evaluations.length }) })}
      testId={`select-${props.name ?? "template"}`}
    />
  );
}

/** A location, searched through the locations list, with its address to tell look-alikes apart. */
export function LocationSelect(props: Common) {
  return (
    <SearchSelect
      {...props}
      source="/admin/databases/locations"
      toOption={(n: LocationNode) => ({ id: n._id, label: n.name, detail: formatAddress(n.address) || undefined })}
      testId={`select-${props.name ?? "location"}`}
    />
  );
}

type CompanyNode = { _id: string; name: string; address: Parameters<typeof formatAddress>[0] };

/** A company, searched through the companies list. */
export function CompanySelect(props: Common) {
  return (
    <SearchSelect
      {...props}
      source="/admin/databases/companies"
      toOption={(n: CompanyNode) => ({ id: n._id, label: n.name, detail: formatAddress(n.address) || undefined })}
      testId={`select-${props.name ?? "company"}`}
    />
  );
}
