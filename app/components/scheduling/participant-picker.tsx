import { useFetcher } from "@remix-run/react";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/form";
import { useSearchPicker } from "~/components/ui/use-search-picker";
import { CompanySelect } from "~/components/databases/reference-selects";
import type { PlanFormData, Person } from "~/modules/scheduling/index.server";

type SearchPage = {
  list?: { edges: Array<{ node: { _id: string; name: string; email: string } }>; pageInfo: { totalCount: number } };
};

const PLAN = "/admin/scheduledsessions/plan";
const field = "rounded-md border border-slate-300 px-3 py-2 text-sm";

/**
 * The participants of a session on the plan form: found one by one (searched on the server among
 * all of the organisation's participants), a whole company at once, or pasted as CSV rows. The
 * chosen ones go with the plan form as hidden `participants` fields.
 */
export function ParticipantPicker({
  initial,
  canWrite,
  error,
  onChange,
}: {
  initial: Person[];
  canWrite: boolean;
  error?: string;
  /** Told when the chosen participants change (the form then has unsaved changes). */
  onChange?: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [chosen, setChosen] = useState<Person[]>(initial);
  const [query, setQuery] = useState("");
  const [company, setCompany] = useState("");
  // Bumped after a company is added: the company search starts empty again.
  const [companyRound, setCompanyRound] = useState(0);
  const [csv, setCsv] = useState("");
  const [announcement, setAnnouncement] = useState("");
  const byCompany = useFetcher<PlanFormData>();
  const importer = useFetcher<PlanFormData>();

  const add = (people: Person[]) => {
    const known = new Set(chosen.map((p) => p.id));
    setAnnouncement(t("scheduling:plan.added", { count: people.filter((p) => !known.has(p.id)).length }));
    onChange?.();
    // The update itself works on the latest list: answers may arrive one after the other.
    setChosen((current) => {
      const ids = new Set(current.map((p) => p.id));
      return [...current, ...people.filter((p) => !ids.has(p.id))];
    });
  };

  useEffect(() => {
    if (byCompany.data?.people) add(byCompany.data.people);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer
  }, [byCompany.data]);
  useEffect(() => {
    if (importer.data?.imported) add(importer.data.imported.people);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer
  }, [importer.data]);

  const chosenIds = new Set(chosen.map((p) => p.id));
  // Search as the planner types (debounced), through the participants screen's own loader; arrows
  // and Enter add the highlighted person from the search box.
  const q = query.trim();
  const search = useSearchPicker<SearchPage, Person>({
    url: q ? `/admin/databases/participants?${new URLSearchParams({ q, sort: "NAME", dir: "ASC" })}` : null,
    delay: 250,
    options: (data) =>
      q ? (data?.list?.edges.map((e) => ({ id: e.node._id, name: e.node.name, email: e.node.email })) ?? []) : [],
    onPick: (p) => add([p]),
    onEscape: () => setQuery(""),
    isDisabled: (p) => chosenIds.has(p.id),
  });
  const results = search.options;
  const total = search.data?.list?.pageInfo.totalCount ?? 0;
  const imported = importer.data?.imported;
  const importError = importer.data?.fieldErrors?.csv ?? importer.data?.error;

  return (
    <fieldset className="flex min-w-0 flex-col gap-2 text-sm">
      <legend className="font-medium text-slate-700">{t("scheduling:fields.participants")}</legend>
      <p className="text-slate-500">{t("scheduling:plan.participants-hint")}</p>
      {chosen.map((p) => (
        <input key={p.id} type="hidden" name="participants" value={p.id} />
      ))}

      {canWrite ? (
        <>
          <label className="flex flex-col gap-1">
            <span className="text-slate-700">{t("scheduling:plan.find-participant")}</span>
            <input
              type="text"
              autoComplete="off"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              {...search.comboboxProps}
              role="combobox"
              aria-expanded={search.comboboxProps["aria-expanded"]}
              aria-controls={search.comboboxProps["aria-controls"]}
              // Enter adds the highlighted person (never one of an earlier search); it must not save the plan form.
              onKeyDown={search.onKeyDown}
              className={field}
              data-testid="participant-search"
            />
          </label>
          {query.trim() ? (
            <div className="rounded-md border border-slate-200 bg-white">
              <p className="border-b border-slate-100 px-3 py-1 text-xs text-slate-600" aria-live="polite">
                {search.loading && results.length === 0
                  ? t("scheduling:plan.searching")
                  : t("scheduling:plan.found", { count: total })}
                {total > results.length ? ` ${t("scheduling:plan.refine")}` : ""}
              </p>
              <ul
                {...search.listProps}
                aria-label={t("scheduling:plan.find-participant")}
                className="max-h-60 divide-y divide-slate-100 overflow-y-auto"
                data-testid="participant-results"
              >
                {results.map((p, i) => {
                  const inSession = chosenIds.has(p.id);
                  return (
                    // Picked by keyboard through the search box (aria-activedescendant); a click is the pointer's way.
                    // eslint-disable-next-line jsx-a11y/click-events-have-key-events
                    <li
                      key={p.id}
                      {...search.optionProps(i)}
                      role="option"
                      aria-selected={i === search.active}
                      aria-disabled={inSession || undefined}
                      onClick={() => !inSession && add([p])}
                      className={`flex items-center gap-2 px-3 py-1.5 ${inSession ? "" : "cursor-pointer"} ${i === search.active ? "bg-selected" : ""}`}
                    >
                      <span className="min-w-0 flex-1 truncate">
                        {p.name} <span className="text-slate-600">{p.email}</span>
                      </span>
                      {/* Part of the option's name: the person, their e-mail, and whether they are in already. */}
                      <span
                        className={`rounded border px-2 py-0.5 text-xs ${inSession ? "border-slate-200 text-slate-600" : "border-primary text-primary"}`}
                      >
                        {inSession ? t("scheduling:plan.in-session") : t("scheduling:plan.add")}
                      </span>
                    </li>
                  );
                })}
                {!search.loading && search.data && results.length === 0 ? (
                  <li className="px-3 py-2 text-slate-500">{t("scheduling:plan.no-match")}</li>
                ) : null}
              </ul>
            </div>
          ) : null}

          <div className="grid items-end gap-2 sm:grid-cols-[1fr_auto]">
            <CompanySelect
              key={companyRound}
              label={t("scheduling:plan.company-label")}
              placeholder={t("scheduling:plan.choose-company")}
              initial={null}
              onChange={(option) => setCompany(option?.id ?? "")}
            />
            <Button
              variant="secondary"
              disabled={!company || byCompany.state !== "idle"}
              onClick={() => {
                byCompany.submit({ intent: "company-participants", company }, { method: "post", action: PLAN });
                setCompany("");
                setCompanyRound((n) => n + 1);
              }}
            >
              {t("scheduling:plan.add-company")}
            </Button>
          </div>

          <details className="rounded-md border border-slate-200 p-2" data-testid="participant-import">
            <summary className="cursor-pointer font-medium text-primary">{t("scheduling:plan.import-title")}</summary>
            {/* Sent on its own (the picker sits inside the plan form, and forms cannot nest). */}
            <div className="mt-2 flex flex-col gap-2">
              <label className="flex flex-col gap-1">
                <span className="text-slate-700">{t("scheduling:plan.import-hint")}</span>
                <textarea
                  value={csv}
                  onChange={(e) => setCsv(e.target.value)}
                  rows={5}
                  className="rounded-md border border-slate-300 px-3 py-2 font-mono text-xs"
                  placeholder={"name,email\nAnn Peeters,ann@example.com"}
                />
              </label>
              <div className="flex flex-wrap items-center gap-3">
                <Button
                  variant="secondary"
                  disabled={importer.state !== "idle" || !csv.trim()}
                  onClick={() =>
                    importer.submit({ intent: "import-participants", csv }, { method: "post", action: PLAN })
                  }
                >
                  {t("scheduling:plan.import-add")}
                </Button>
                {imported ? (
                  <span role="status" data-testid="import-result">
                    {t("scheduling:plan.import-done", { count: imported.saved })}
                    {imported.skippedLines.length
                      ? ` ${t("scheduling:plan.import-skipped", { lines: imported.skippedLines.join(", ") })}`
                      : ""}
                  </span>
                ) : null}
                {importError ? (
                  <span role="alert" className="text-red-700">
                    {importError}
                  </span>
                ) : null}
              </div>
            </div>
          </details>
        </>
      ) : null}

      {error ? (
        <p className="text-red-700" role="alert" data-testid="participants-error">
          {error}
        </p>
      ) : null}
      <p className="font-medium text-slate-700" id={`${id}-chosen`}>
        {t("scheduling:plan.chosen", { count: chosen.length })}
      </p>
      <ul className="flex flex-col gap-1" aria-labelledby={`${id}-chosen`} data-testid="chosen-participants">
        {chosen.map((p) => (
          <li key={p.id} className="flex items-center justify-between gap-2 rounded border border-slate-200 px-2 py-1">
            <span className="min-w-0 break-words">
              {p.name} <span className="text-slate-500">{p.email}</span>
            </span>
            {canWrite ? (
              <Button
                variant="ghost"
                onClick={() => {
                  onChange?.();
                  setChosen((c) => c.filter((x) => x.id !== p.id));
                }}
                aria-label={t("scheduling:plan.remove-participant", { name: p.name })}
              >
                ✕
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      <p className="sr-only" role="status">
        {announcement}
      </p>
    </fieldset>
  );
}
