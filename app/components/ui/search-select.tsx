import { useFetcher } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { FieldMessages, fieldInputClass } from "./form";

export type SearchOption = { id: string; label: string; detail?: string };
/** What a list screen's loader answers (ADR 0007): the picker reads its rows and total. */
type ListPage = { list?: { edges: Array<{ node: unknown }>; pageInfo: { totalCount: number } } };


/**
 * One choice from a collection that may be long (session templates, locations): a combobox that
 * searches on the server through the collection's list loader as the user types, and sends the
 * chosen id as the hidden field `name`. Keyboard: arrows move, Enter chooses, Escape closes.
 */
export function SearchSelect({
  name,
  label,
  placeholder,
  source,
  toOption,
  initial,
  emptyLabel,
  error,
  hint,
  required,
  disabled,
  onChange,
  inline,
  testId,
}: {
  /** The hidden form field that carries the chosen id; without it the choice only goes to `onChange`. */
  name?: string;
  label: string;
  placeholder?: string;
  /** The list screen whose loader is searched, e.g. "/admin/databases/locations". */
  source: string;
  toOption: (node: never) => SearchOption;
  initial: SearchOption | null;
  /** Offered first when nothing is typed, to choose nothing (optional fields and "all" filters). */
  emptyLabel?: string;
  error?: string;
  hint?: string;
  required?: boolean;
  disabled?: boolean;
  onChange?: (option: SearchOption | null) => void;
  /** Lists the results in the flow of the page instead of over it (inside dialogs that scroll). */
  inline?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const fetcher = useFetcher<ListPage>();
  const [chosen, setChosen] = useState<SearchOption | null>(initial);
  const [text, setText] = useState(initial?.label ?? "");
  const [query, setQuery] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLUListElement>(null);

  // The query of the last request, and the query the shown answer belongs to.
  const requested = useRef<string | null>(null);
  const [answeredFor, setAnsweredFor] = useState<string | null>(null);

  // Search while open, debounced as the user types; opening shows the first page at once.
  useEffect(() => {
    if (!open) return;
    const q = query.trim();
    const timer = setTimeout(() => {
      requested.current = q;
      fetcher.load(`${source}?${new URLSearchParams({ q, sort: "NAME", dir: "ASC" })}`);
    }, query ? 200 : 0);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reload on the query only
  }, [open, query, source]);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data) setAnsweredFor(requested.current);
  }, [fetcher.state, fetcher.data]);

  const found = (fetcher.data?.list?.edges ?? []).map((e) => toOption(e.node as never));
  const options: Array<SearchOption | null> = emptyLabel && !query.trim() ? [null, ...found] : found;
  const total = fetcher.data?.list?.pageInfo.totalCount ?? 0;
  const loading = fetcher.state !== "idle";
  // The listed options answer what is typed now (not an earlier query, nor one still waiting for its debounce).
  const upToDate = !loading && answeredFor === query.trim();

  // A fresh answer starts at the current choice when it is listed, else at the top.
  useEffect(() => {
    const at = options.findIndex((o) => (o?.id ?? null) === (chosen?.id ?? null));
    setActive(Math.max(at, 0));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer
  }, [fetcher.data]);
  useEffect(() => {
    listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: "nearest" });
  }, [active]);

  const close = () => {
    setOpen(false);
    setQuery("");
    setText(chosen?.label ?? "");
  };
  const choose = (option: SearchOption | null) => {
    setChosen(option);
    setText(option?.label ?? "");
    setQuery("");
    setOpen(false);
    if (option?.id !== chosen?.id) onChange?.(option);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      if (!open) return setOpen(true);
      const step = e.key === "ArrowDown" ? 1 : -1;
      setActive((i) => Math.min(Math.max(i + step, 0), Math.max(options.length - 1, 0)));
    } else if (e.key === "Enter") {
      // Enter chooses; it must never submit the surrounding form half-filled.
      e.preventDefault();
      if (!open) setOpen(true);
      // While a new search runs the list still shows the previous query's results: choosing from
      // them would pick something the user did not search for. Enter waits for the answer.
      else if (upToDate && options.length > 0) choose(options[Math.min(active, options.length - 1)] ?? null);
    } else if (e.key === "Escape" && open) {
      e.preventDefault();
      close();
    }
  };

  const listId = `${id}-list`;
  const optionId = (i: number) => `${id}-option-${i}`;
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;

  return (
    <div className="flex flex-col gap-1 text-sm" data-testid={testId}>
      <label htmlFor={`${id}-input`} className="font-medium text-slate-700">
        {label}
        {required ? " *" : ""}
      </label>
      {name ? <input type="hidden" name={name} value={chosen?.id ?? ""} /> : null}
      <div className="relative">
        <div className="relative">
          <input
            id={`${id}-input`}
            type="text"
            role="combobox"
            autoComplete="off"
            aria-expanded={open}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={open && options.length > 0 ? optionId(Math.min(active, options.length - 1)) : undefined}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            aria-required={required || undefined}
            placeholder={placeholder ?? emptyLabel ?? t("common:search-select.placeholder")}
            disabled={disabled}
            value={text}
            onFocus={(e) => {
              e.target.select();
              setOpen(true);
            }}
            onClick={() => setOpen(true)}
            onBlur={close}
            onChange={(e) => {
              setText(e.target.value);
              setQuery(e.target.value);
              setOpen(true);
            }}
            onKeyDown={onKeyDown}
            className={`${fieldInputClass(!!error)} w-full bg-white pr-8`}
          />
          <span aria-hidden className="pointer-events-none absolute right-3 top-1/2 -translate-y-1/2 text-slate-500">
            ▾
          </span>
        </div>
        {open ? (
          <div className={`${inline ? "" : "absolute left-0 right-0 top-full z-20 shadow-lg"} mt-1 rounded-md border border-slate-200 bg-white`}>
            <ul ref={listRef} id={listId} role="listbox" aria-label={label} aria-busy={!upToDate} className="max-h-64 overflow-y-auto py-1">
              {options.map((option, i) => (
                // Options are chosen by keyboard through the combobox input (aria-activedescendant); a click is the pointer's way.
                // eslint-disable-next-line jsx-a11y/click-events-have-key-events
                <li
                  key={option?.id ?? ""}
                  id={optionId(i)}
                  data-index={i}
                  role="option"
                  aria-selected={i === active}
                  // Keep the focus in the input: the choice is made before it blurs.
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => choose(option)}
                  onMouseMove={() => setActive(i)}
                  className={`cursor-pointer px-3 py-1.5 ${i === active ? "bg-selected" : ""}`}
                >
                  {option ? (
                    <>
                      <span className={`block truncate ${option.id === chosen?.id ? "font-semibold" : ""}`}>
                        {option.label}
                        {option.id === chosen?.id ? <span className="sr-only"> ({t("common:search-select.current")})</span> : null}
                      </span>
                      {option.detail ? <span className="block truncate text-xs text-slate-500">{option.detail}</span> : null}
                    </>
                  ) : (
                    <span className="italic text-slate-600">{emptyLabel}</span>
                  )}
                </li>
              ))}
              {!loading && fetcher.data && found.length === 0 ? <li className="px-3 py-1.5 text-slate-500">{t("common:search-select.no-match")}</li> : null}
            </ul>
            <p className="border-t border-slate-100 px-3 py-1 text-xs text-slate-600" aria-live="polite">
              {loading && found.length === 0 ? t("common:search-select.searching") : t("common:search-select.found", { count: total })}
              {total > found.length ? ` ${t("common:search-select.refine", { shown: found.length })}` : ""}
            </p>
          </div>
        ) : null}
      </div>
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}
