import { Form, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { Button } from "./form";

/**
 * The search box above a list: a GET form on the same screen (so the search is in the URL and the
 * back button works), keeping the given parameters (sort, direction) across searches.
 */
export function ListSearch({
  id,
  label,
  placeholder,
  q,
  keep = {},
  submitLabel = label,
}: {
  id: string;
  label: string;
  placeholder: string;
  q: string;
  keep?: Record<string, string | null | undefined>;
  /** The button's words, when not the label's. */
  submitLabel?: string;
}) {
  const { pathname } = useLocation();
  return (
    <Form method="get" action={pathname} role="search" className="flex gap-2">
      {Object.entries(keep).map(([name, value]) =>
        value ? <input key={name} type="hidden" name={name} value={value} /> : null,
      )}
      <label className="sr-only" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        type="search"
        name="q"
        defaultValue={q}
        placeholder={placeholder}
        className="w-full max-w-sm rounded-md border border-slate-300 px-3 py-2 text-base sm:text-sm"
      />
      <Button type="submit" variant="secondary">
        {submitLabel}
      </Button>
    </Form>
  );
}

/** What a list shows when it has nothing (or nothing matches the search). */
export function EmptyList({ children }: { children: ReactNode }) {
  return (
    <p
      className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600"
      data-testid="empty"
    >
      {children}
    </p>
  );
}
