import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { FilterSelect } from "~/components/ui/filter-select";
import { Button } from "~/components/ui/form";
import { useSearchPicker } from "~/components/ui/use-search-picker";
import { STEP_TYPES } from "~/modules/assessments";
import { CategorySelect, FieldError, move } from "./screen-parts";
import { formatDuration } from "./duration";

type Kind = "questions" | "evaluations";
/** A row of the questions or evaluations list loader (the fields the picker shows). */
type BankNode = {
  _id: string;
  name: string;
  stepTypes?: string[];
  maxTime?: number;
  totalScore?: number;
  questionCount?: number;
  owner: { name: string };
};
type BankPage = { list: { edges: Array<{ node: BankNode }>; pageInfo: { hasNextPage: boolean; totalCount: number } } };

/**
 * An ordered choice from the bank (questions of an evaluation, evaluations of a session). The bank
 * is searched on the server through the list screen's own loader, by name, category (with what is
 * below it) and, for questions, step type, so a bank of thousands stays quick to pick from.
 */
export function BankPicker({
  kind,
  legend,
  known,
  categoryOptions,
  value,
  onChange,
  error,
  disabled,
}: {
  kind: Kind;
  legend: string;
  /** Names of items that may already be chosen. */
  known: Array<{ _id: string; name: string }>;
  categoryOptions: Array<{ _id: string; path: string }>;
  value: string[];
  onChange: (ids: string[]) => void;
  error?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [q, setQ] = useState("");
  const [category, setCategory] = useState("");
  const [type, setType] = useState("");
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<BankNode[]>([]);
  const [names, setNames] = useState(() => new Map(known.map((k) => [k._id, k.name])));
  const [announcement, setAnnouncement] = useState("");
  const add = (node: BankNode) => {
    setNames((m) => new Map(m).set(node._id, node.name));
    onChange([...value, node._id]);
    setAnnouncement(t("assessments:bank.added", { name: node.name, position: value.length + 1 }));
  };
  const params = new URLSearchParams({ q, sort: "NAME", dir: "ASC", page: String(page) });
  if (category) params.set("category", category);
  if (type) params.set("type", type);
  // Search as the author types (debounced; "more" at once); arrows and Enter add from the search box.
  const search = useSearchPicker<BankPage, BankNode>({
    url: disabled ? null : `/admin/assessments/${kind}?${params}`,
    delay: page === 1 ? 250 : 0,
    options: () => rows,
    onPick: add,
    isDisabled: (node) => value.includes(node._id),
  });
  // A new search starts again at page 1; "more" appends its page.
  useEffect(() => {
    const list = search.data?.list;
    if (!list) return;
    const nodes = list.edges.map((e) => e.node);
    const answeredPage = Number(new URLSearchParams(search.answeredFor?.split("?")[1] ?? "").get("page") ?? "1");
    setRows((prev) =>
      answeredPage <= 1 ? nodes : [...prev, ...nodes.filter((n) => !prev.some((p) => p._id === n._id))],
    );
  }, [search.data, search.answeredFor]);

  const total = search.data?.list?.pageInfo.totalCount ?? 0;
  const hasMore = search.data?.list?.pageInfo.hasNextPage ?? false;
  const loading = search.loading;
  const resetTo =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };

  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-medium text-slate-700">{legend}</legend>
      {!disabled ? (
        <div
          className="flex flex-col gap-2 rounded-md border border-slate-200 bg-slate-50 p-3"
          data-testid={`bank-${kind}`}
        >
          <div className="flex flex-wrap items-end gap-2">
            <label className="flex min-w-0 flex-1 basis-48 flex-col text-sm">
              <span className="text-slate-700">{t("assessments:bank.search")}</span>
              <input
                type="text"
                autoComplete="off"
                value={q}
                onChange={(e) => resetTo(setQ)(e.target.value)}
                {...search.comboboxProps}
                role="combobox"
                aria-expanded={search.comboboxProps["aria-expanded"]}
                aria-controls={search.listId}
                onKeyDown={search.onKeyDown}
                className="rounded-md border border-slate-300 px-3 py-1.5 text-sm"
              />
            </label>
            {categoryOptions.length ? (
              <CategorySelect
                label={t("assessments:bank.category")}
                options={categoryOptions}
                value={category}
                onChange={(e) => resetTo(setCategory)(e.target.value)}
              />
            ) : null}
            {kind === "questions" ? (
              <FilterSelect
                label={t("assessments:fields.type")}
                value={type}
                onChange={(e) => resetTo(setType)(e.target.value)}
              >
                <option value="">{t("assessments:list.all-types")}</option>
                {STEP_TYPES.map((s) => (
                  <option key={s} value={s}>
                    {t(`assessments:stepType.${s}`)}
                  </option>
                ))}
              </FilterSelect>
            ) : null}
          </div>
          <p className="text-xs text-slate-600" aria-live="polite">
            {loading && rows.length === 0
              ? t("assessments:bank.loading")
              : t("assessments:bank.found", { count: total })}
          </p>
          <ul
            {...search.listProps}
            aria-label={t("assessments:picker.available")}
            className="flex max-h-64 flex-col divide-y divide-slate-100 overflow-y-auto rounded-md border border-slate-200 bg-white"
          >
            {rows.map((node, i) => {
              const chosen = value.includes(node._id);
              return (
                // Picked by keyboard through the search box (aria-activedescendant); a click is the pointer's way.
                // eslint-disable-next-line jsx-a11y/click-events-have-key-events
                <li
                  key={node._id}
                  {...search.optionProps(i)}
                  role="option"
                  aria-selected={i === search.active}
                  aria-disabled={chosen || undefined}
                  // Named by the item alone (its details are details).
                  aria-labelledby={`${id}-name-${i}`}
                  onClick={() => !chosen && add(node)}
                  className={`flex items-center gap-2 px-3 py-1.5 text-sm ${chosen ? "" : "cursor-pointer"} ${i === search.active ? "bg-selected" : ""}`}
                >
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-medium" id={`${id}-name-${i}`}>
                      {node.name}
                    </p>
                    {/* Slate-500 on the active row's grey falls below 4.5:1 (axe color-contrast). */}
                    <p className={`truncate text-xs ${i === search.active ? "text-slate-700" : "text-slate-500"}`}>
                      {detailsOf(node, t)}
                    </p>
                  </div>
                  <span
                    aria-hidden
                    className={`rounded border px-2 py-0.5 text-xs ${chosen ? `border-slate-200 ${i === search.active ? "text-slate-700" : "text-slate-500"}` : "border-primary text-primary"}`}
                  >
                    {chosen ? t("assessments:bank.added-short") : t("assessments:picker.add")}
                  </span>
                </li>
              );
            })}
            {!loading && rows.length === 0 ? (
              <li className="px-3 py-2 text-sm text-slate-500">{t("assessments:picker.no-match")}</li>
            ) : null}
          </ul>
          {hasMore ? (
            <Button variant="ghost" className="self-start" disabled={loading} onClick={() => setPage((p) => p + 1)}>
              {t("assessments:bank.more")}
            </Button>
          ) : null}
          <p className="sr-only" role="status">
            {announcement}
          </p>
        </div>
      ) : null}
      <p className="text-xs text-slate-500" id={`${id}-chosen`}>
        {t("assessments:picker.chosen")}
      </p>
      {value.length === 0 ? <p className="text-sm text-slate-500">{t("assessments:form.none-selected")}</p> : null}
      <ol className="flex flex-col gap-1" aria-labelledby={`${id}-chosen`} data-testid={`chosen-${kind}`}>
        {value.map((itemId, i) => {
          const name = names.get(itemId) ?? itemId;
          return (
            <li
              key={itemId}
              className="flex items-center gap-2 rounded border border-slate-200 bg-white px-2 py-1 text-sm"
            >
              <span className="w-6 text-right text-slate-500">{i + 1}.</span>
              <span className="min-w-0 flex-1 break-words">{name}</span>
              {!disabled ? (
                <>
                  <Button
                    variant="ghost"
                    className="!px-2 !py-1"
                    aria-label={t("assessments:bank.move-up", { name })}
                    disabled={i === 0}
                    onClick={() => onChange(move(value, i, -1))}
                  >
                    ↑
                  </Button>
                  <Button
                    variant="ghost"
                    className="!px-2 !py-1"
                    aria-label={t("assessments:bank.move-down", { name })}
                    disabled={i === value.length - 1}
                    onClick={() => onChange(move(value, i, 1))}
                  >
                    ↓
                  </Button>
                  <Button
                    variant="ghost"
                    className="!px-2 !py-1 text-red-700"
                    aria-label={t("assessments:bank.remove", { name })}
                    onClick={() => onChange(value.filter((v) => v !== itemId))}
                  >
                    ✕
                  </Button>
                </>
              ) : null}
            </li>
          );
        })}
      </ol>
      <FieldError error={error} />
    </fieldset>
  );
}

function detailsOf(node: BankNode, t: (key: string, values?: Record<string, unknown>) => string): string {
  const parts: string[] = [];
  if (node.stepTypes)
    parts.push(node.stepTypes.map((s) => t(`assessments:stepType.${s}`)).join(", ") || t("assessments:bank.no-steps"));
  if (node.maxTime !== undefined) parts.push(formatDuration(node.maxTime, t));
  if (node.questionCount !== undefined)
    parts.push(t("assessments:overview.question-count", { count: node.questionCount }));
  parts.push(node.owner.name);
  return parts.join(" · ");
}
