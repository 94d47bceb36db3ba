import type { ReactNode, SelectHTMLAttributes } from "react";

/**
 * A list's filter or sort order: a labelled select that may be narrower than its longest option (a
 * category's path, a session's name), so on a phone it fits the screen instead of widening the
 * page; the closed select cuts a long option, its open list shows it whole. Text-base on phones so
 * focusing it does not zoom the page (as the form fields).
 */
export function FilterSelect({
  label,
  children,
  ...select
}: { label: ReactNode; children: ReactNode } & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <label className="flex min-w-0 max-w-full flex-col gap-1 text-sm">
      <span className="font-medium text-slate-700">{label}</span>
      <select
        {...select}
        className="w-full min-w-0 max-w-full rounded-md border border-slate-300 bg-white px-2 py-2 text-base sm:max-w-64 sm:text-sm"
      >
        {children}
      </select>
    </label>
  );
}
