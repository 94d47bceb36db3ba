import type { ReactNode } from "react";

export type HeaderColumn = { label: ReactNode; className: string };

/** A table's header row: one `<th scope="col">` per column. */
export function HeaderRow({ className, columns }: { className?: string; columns: HeaderColumn[] }) {
  return (
    <tr className={className}>
      {columns.map((column, i) => (
        <th key={i} scope="col" className={column.className}>
          {column.label}
        </th>
      ))}
    </tr>
  );
}
