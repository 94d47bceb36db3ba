import { SearchSelect, type SearchOption } from "~/components/ui/search-select";
import { formatAddress } from "./data-list";

/** The props every reference combobox takes (SearchSelect without its source). */
export type ReferenceSelectProps = {
  name?: string;
  label: string;
  placeholder?: string;
  initial: SearchOption | null;
  emptyLabel?: string;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  onChange?: (option: SearchOption | null) => void;
  inline?: boolean;
};

type LocationNode = { _id: string; name: string; address: Parameters<typeof formatAddress>[0] };

/** A location, searched through the locations list, with its address to tell look-alikes apart. */
export function LocationSelect(props: ReferenceSelectProps) {
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
export function CompanySelect(props: ReferenceSelectProps) {
  return (
    <SearchSelect
      {...props}
      source="/admin/databases/companies"
      toOption={(n: CompanyNode) => ({ id: n._id, label: n.name, detail: formatAddress(n.address) || undefined })}
      testId={`select-${props.name ?? "company"}`}
    />
  );
}
