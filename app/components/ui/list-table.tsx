import type { ReactNode } from "react";

/**
 * A list's table in its white frame, scrolling sideways on a narrow screen; `head` is the header row.
 * `frameClassName` adds to the frame (e.g. a screen that shows cards instead on phones hides it there).
 */
export function ListTable({
  className,
  head,
  children,
  frameClassName = "",
  testId,
}: {
  className: string;
  head: ReactNode;
  children: ReactNode;
  frameClassName?: string;
  testId?: string;
}) {
  return (
    <div className={`relative overflow-x-auto rounded-lg border border-slate-200 bg-white ${frameClassName}`}>
      <table className={className} data-testid={testId}>
        <thead className="bg-slate-50 text-slate-600">{head}</thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
