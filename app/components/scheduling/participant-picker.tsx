import { useFetcher } from "@remix-run/react";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/form";
import { CompanySelect } from "~/components/databases/reference-selects";
import type { PlanFormData } from "~/modules/scheduling/plan-form.server";
import type { Person } from "~/modules/scheduling/screens.server";

type SearchPage = { list?: { edges: Array<{ node: { _id: string; name: string; email: string } }>; pageInfo: { totalCount: number } } };

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
  const search = useFetcher<SearchPage>();
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

  // Search as the planner types (debounced), through the participants screen's own loader.
  useEffect(() => {
    const q = query.trim();
    if (!q) return;
    const timer = setTimeout(() => search.load(`/admin/databases/participants?${new URLSearchParams({ q, sort: "NAME", dir: "ASC" })}`), 250);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reload on the query only
  }, [query]);

  useEffect(() => {
    if (byCompany.data?.people) add(byCompany.data.people);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer
  }, [byCompany.data]);
  useEffect(() => {
    if (importer.data?.imported) add(importer.data.imported.people);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer
  }, [importer.data]);

  const chosenIds = new Set(chosen.map((p) => p.id));
  const results = query.trim() ? (search.data?.list?.edges.map((e) => ({ id: e.node._id, name: e.node.name, email: e.node.email })) ?? []) : [];
  const total = search.data?.list?.pageInfo.totalCount ?? 0;
  const imported = importer.data?.imported;
  const importError = importer.data?.fieldErrors?.csv ?? importer.data?.error;

  return (
    <fieldset className="flex flex-col gap-2 text-sm">
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
              type="search"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              // Enter searches (it already does as you type); it must not save the plan form.
              onKeyDown={(e) => e.key === "Enter" && e.preventDefault()}
              className={field}
              // Only while the results list is on the page: aria-controls must name an existing element.
              aria-controls={query.trim() ? `${id}-results` : undefined}
              data-testid="participant-search"
            />
          </label>
          {query.trim() ? (
            <div className="rounded-md border border-slate-200 bg-white">
              <p className="border-b border-slate-100 px-3 py-1 text-xs text-slate-600" aria-live="polite">
                {search.state !== "idle" && results.length === 0 ? t("scheduling:plan.searching") : t("scheduling:plan.found", { count: total })}
                {total > results.length ? ` ${t("scheduling:plan.refine")}` : ""}
              </p>
              <ul id={`${id}-results`} className="max-h-60 divide-y divide-slate-100 overflow-y-auto" data-testid="participant-results">
                {results.map((p) => (
                  <li key={p.id} className="flex items-center gap-2 px-3 py-1.5">
                    <span className="min-w-0 flex-1 truncate">
                      {p.name} <span className="text-slate-500">{p.email}</span>
                    </span>
                    <Button
                      variant="secondary"
                      className="!px-3 !py-1"
                      disabled={chosenIds.has(p.id)}
                      onClick={() => add([p])}
                      aria-label={chosenIds.has(p.id) ? t("scheduling:plan.already-added", { name: p.name }) : t("scheduling:plan.add-person", { name: p.name })}
                    >
                      {chosenIds.has(p.id) ? t("scheduling:plan.in-session") : t("scheduling:plan.add")}
                    </Button>
                  </li>
                ))}
                {search.state === "idle" && search.data && results.length === 0 ? <li className="px-3 py-2 text-slate-500">{t("scheduling:plan.no-match")}</li> : null}
              </ul>
            </div>
          ) : null}

          <div className="grid items-end gap-2 sm:grid-cols-[1fr_auto]">
            <CompanySelect key={companyRound} label={t("scheduling:plan.company-label")} placeholder={t("scheduling:plan.choose-company")} initial={null} onChange={(option) => setCompany(option?.id ?? "")} />
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
                <textarea value={csv} onChange={(e) => setCsv(e.target.value)} rows={5} className="rounded-md border border-slate-300 px-3 py-2 font-mono text-xs" placeholder={"name,email\nAnn Peeters,ann@example.com"} />
              </label>
              <div className="flex flex-wrap items-center gap-3">
                <Button variant="secondary" disabled={importer.state !== "idle" || !csv.trim()} onClick={() => importer.submit({ intent: "import-participants", csv }, { method: "post", action: PLAN })}>
                  {t("scheduling:plan.import-add")}
                </Button>
                {imported ? (
                  <span role="status" data-testid="import-result">
                    {t("scheduling:plan.import-done", { count: imported.saved })}
                    {imported.skippedLines.length ? ` ${t("scheduling:plan.import-skipped", { lines: imported.skippedLines.join(", ") })}` : ""}
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
              <Button variant="ghost" onClick={() => {
                  onChange?.();
                  setChosen((c) => c.filter((x) => x.id !== p.id));
                }} aria-label={t("scheduling:plan.remove-participant", { name: p.name })}>
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
