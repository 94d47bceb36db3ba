import { useFetcher } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";

/**
 * The one way the search pickers (SearchSelect, the plan form's participants, the question and
 * evaluation bank) search on the server and are driven from their search box (ADR 0007): the
 * list screen's loader at `url` is loaded as the user types (debounced), the search box is an
 * aria combobox over the results (arrows move, Enter picks, Escape leaves), and Enter never picks
 * from an answer to an earlier search: while the answer to what is typed now is still on its way,
 * the list shows the previous results, and Enter waits for the new ones.
 */
export function useSearchPicker<Data, Option>({
  url,
  delay,
  options: optionsOf,
  onPick,
  onEscape,
  isDisabled = () => false,
  initialActive,
}: {
  /** The loader to search, for what is typed now; null searches nothing (closed, or empty query). */
  url: string | null;
  /** Debounce in ms before `url` is loaded. */
  delay: number;
  /** The options to list, from the latest answer. */
  options: (data: Data | undefined) => Option[];
  onPick: (option: Option) => void;
  onEscape?: () => void;
  /** Options that cannot be picked (already chosen). */
  isDisabled?: (option: Option) => boolean;
  /** Where the highlight starts in a fresh answer (default: the top). */
  initialActive?: (options: Option[]) => number;
}) {
  const id = useId();
  const fetcher = useFetcher<Data>();
  const requested = useRef<string | null>(null);
  // The url whose answer is shown.
  const [answeredFor, setAnsweredFor] = useState<string | null>(null);
  const [active, setActive] = useState(0);

  useEffect(() => {
    if (!url) return;
    const timer = setTimeout(() => {
      requested.current = url;
      fetcher.load(url);
    }, delay);
    return () => clearTimeout(timer);
    // Deps on purpose: fetcher.load is stable in use; reload on the url only
  }, [url, delay]);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data !== undefined) setAnsweredFor(requested.current);
  }, [fetcher.state, fetcher.data]);

  const options = optionsOf(fetcher.data);
  const loading = fetcher.state !== "idle";
  const upToDate = !!url && !loading && answeredFor === url;

  // A fresh answer starts the highlight again.
  useEffect(() => {
    setActive(Math.max(initialActive?.(options) ?? 0, 0));
    // Deps on purpose: once per answer
  }, [fetcher.data]);

  const listId = `${id}-list`;
  const optionId = (i: number) => `${id}-option-${i}`;
  const at = Math.min(active, Math.max(options.length - 1, 0));
  const listed = !!url && options.length > 0;

  useEffect(() => {
    if (listed) document.getElementById(optionId(at))?.scrollIntoView({ block: "nearest" });
    // Deps on purpose: follows the highlight
  }, [at, listed]);

  function onKeyDown(e: KeyboardEvent<HTMLElement>) {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      const step = e.key === "ArrowDown" ? 1 : -1;
      setActive((i) => Math.min(Math.max(i + step, 0), Math.max(options.length - 1, 0)));
    } else if (e.key === "Enter") {
      // Enter picks; it must never submit the surrounding form.
      e.preventDefault();
      const option = options[at];
      if (upToDate && option !== undefined && !isDisabled(option)) onPick(option);
    } else if (e.key === "Escape" && onEscape) {
      e.preventDefault();
      onEscape();
    }
  }

  return {
    fetcher,
    data: fetcher.data,
    /** The url the shown answer was loaded from. */
    answeredFor,
    options,
    loading,
    upToDate,
    active: at,
    setActive,
    listId,
    onKeyDown,
    /** The search box's combobox attributes. */
    comboboxProps: {
      role: "combobox" as const,
      "aria-expanded": listed,
      // Only while the list is on the page: aria-controls must name an existing element.
      "aria-controls": url ? listId : undefined,
      "aria-autocomplete": "list" as const,
      "aria-activedescendant": listed ? optionId(at) : undefined,
    },
    /** The results list's attributes. */
    listProps: { id: listId, role: "listbox" as const, "aria-busy": !upToDate },
    /** One result's attributes; the pointer highlights what it is over. */
    optionProps: (i: number) => ({
      id: optionId(i),
      role: "option" as const,
      "aria-selected": i === at,
      "data-index": i,
      onMouseMove: () => setActive(i),
    }),
  };
}
