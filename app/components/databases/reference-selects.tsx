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

type AddressedNode = { _id: string; name: string; address: Parameters<typeof formatAddress>[0] };

/** A combobox over a list of named things with an address, shown to tell look-alikes apart. */
function addressedSelect(source: string, kind: string) {
  return function AddressedSelect(props: ReferenceSelectProps) {
    return (
      <SearchSelect
        {...props}
        source={source}
        toOption={(n: AddressedNode) => ({ id: n._id, label: n.name, detail: formatAddress(n.address) || undefined })}
        testId={`select-${props.name ?? kind}`}
      />
    );
  };
}

/** A location, searched through the locations list. */
export const LocationSelect = addressedSelect("/admin/databases/locations", "location");

/** A company, searched through the companies list. */
export const CompanySelect = addressedSelect("/admin/databases/companies", "company");
