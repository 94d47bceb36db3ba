import { TextField } from "~/components/ui/form";

/** A number field for a percentage, 0–100 with any decimals. */
export function PercentField({
  label,
  name,
  defaultValue,
  hint,
}: {
  label: string;
  name: string;
  defaultValue: number | string;
  hint?: string;
}) {
  return (
    <TextField
      label={label}
      hint={hint}
      name={name}
      type="number"
      min={0}
      max={100}
      step="any"
      defaultValue={defaultValue}
    />
  );
}
