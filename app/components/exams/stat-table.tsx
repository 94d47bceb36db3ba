import type { ReactNode } from "react";

/** A table of figures: a row per thing named in its first cell, numbers right-aligned; scrolls sideways on a phone. */
export function StatTable({
  caption,
  captionClassName = "text-base text-primary",
  head,
  rows,
  testId,
}: {
  caption?: ReactNode;
  captionClassName?: string;
  head: string[];
  rows: ReactNode[][];
  testId?: string;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-xs lg:text-sm" data-testid={testId}>
        {caption ? <caption className={`mb-1 text-left font-semibold ${captionClassName}`}>{caption}</caption> : null}
        <thead>
          <tr className="border-b border-slate-300">
            {head.map((h, i) => (
              <th key={i} scope="col" className={`px-1.5 py-1 align-bottom ${i === 0 ? "text-left" : "text-right"}`}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i} className="border-b border-slate-100">
              {r.map((c, j) =>
                j === 0 ? (
                  <th key={j} scope="row" className="px-1.5 py-1 text-left font-medium [overflow-wrap:anywhere]">
                    {c}
                  </th>
                ) : (
                  <td key={j} className="px-1.5 py-1 text-right tabular-nums">
                    {c}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
