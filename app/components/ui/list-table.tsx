import type { ReactNode } from "react";

/** A list's table in its white frame, scrolling sideways on a narrow screen; `head` is the header row. */
export function ListTable({ className, head, children }: { className: string; head: ReactNode; children: ReactNode }) {
  return (
    <div className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className={className}>
        <thead className="bg-slate-50 text-slate-600">{head}</thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
