import { useId, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { FieldMessages, fieldInputClass } from "./form";
import { useSearchPicker } from "./use-search-picker";

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
  const [chosen, setChosen] = useState<SearchOption | null>(initial);
  const [text, setText] = useState(initial?.label ?? "");
  const [query, setQuery] = useState("");
  const [open, setOpen] = useState(false);

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
  const found = (data: ListPage | undefined) => (data?.list?.edges ?? []).map((e) => toOption(e.node as never));
  // Search while open, debounced as the user types; opening shows the first page at once.
  const picker = useSearchPicker<ListPage, SearchOption | null>({
    url: open ? `${source}?${new URLSearchParams({ q: query.trim(), sort: "NAME", dir: "ASC" })}` : null,
    delay: query ? 200 : 0,
    options: (data) => (emptyLabel && !query.trim() ? [null, ...found(data)] : found(data)),
    onPick: choose,
    onEscape: open ? close : undefined,
    // A fresh answer starts at the current choice when it is listed.
    initialActive: (options) => options.findIndex((o) => (o?.id ?? null) === (chosen?.id ?? null)),
  });
  const { options, loading } = picker;
  const shown = found(picker.data);
  const total = picker.data?.list?.pageInfo.totalCount ?? 0;
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    // Closed, the keys that move or pick open the list first.
    if (!open && ["ArrowDown", "ArrowUp", "Enter"].includes(e.key)) {
      e.preventDefault();
      setOpen(true);
    } else picker.onKeyDown(e);
  };

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
            autoComplete="off"
            {...picker.comboboxProps}
            role="combobox"
            aria-expanded={open}
            aria-controls={picker.listId}
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
          <div
            className={`${inline ? "" : "absolute left-0 right-0 top-full z-20 shadow-lg"} mt-1 rounded-md border border-slate-200 bg-white`}
          >
            <ul {...picker.listProps} aria-label={label} className="max-h-64 overflow-y-auto py-1">
              {options.map((option, i) => (
                // Options are chosen by keyboard through the combobox input (aria-activedescendant); a click is the pointer's way.
                // eslint-disable-next-line jsx-a11y/click-events-have-key-events
                <li
                  key={option?.id ?? ""}
                  {...picker.optionProps(i)}
                  role="option"
                  aria-selected={i === picker.active}
                  // Keep the focus in the input: the choice is made before it blurs.
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => choose(option)}
                  className={`cursor-pointer px-3 py-1.5 ${i === picker.active ? "bg-selected" : ""}`}
                >
                  {option ? (
                    <>
                      <span className={`block truncate ${option.id === chosen?.id ? "font-semibold" : ""}`}>
                        {option.label}
                        {option.id === chosen?.id ? (
                          <span className="sr-only"> ({t("common:search-select.current")})</span>
                        ) : null}
                      </span>
                      {option.detail ? (
                        <span className="block truncate text-xs text-slate-500">{option.detail}</span>
                      ) : null}
                    </>
                  ) : (
                    <span className="italic text-slate-600">{emptyLabel}</span>
                  )}
                </li>
              ))}
              {!loading && picker.data && shown.length === 0 ? (
                <li className="px-3 py-1.5 text-slate-500">{t("common:search-select.no-match")}</li>
              ) : null}
            </ul>
            <p className="border-t border-slate-100 px-3 py-1 text-xs text-slate-600" aria-live="polite">
              {loading && shown.length === 0
                ? t("common:search-select.searching")
                : t("common:search-select.found", { count: total })}
              {total > shown.length ? ` ${t("common:search-select.refine", { shown: shown.length })}` : ""}
            </p>
          </div>
        ) : null}
      </div>
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}
