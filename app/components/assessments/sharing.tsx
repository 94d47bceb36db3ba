import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/form";
import { FieldError } from "./screen-parts";

export const SHARE_LEVELS = ["VIEWER", "EDITOR"] as const;
export type ShareLevel = (typeof SHARE_LEVELS)[number];
export type ShareUser = { _id: string; name: string; email: string };
export type ShareEntry = { user: ShareUser; level: ShareLevel };

/** The `shares` input of the add/update mutations (replaces the object's shares). */
export const sharesPayload = (shares: ShareEntry[]) => shares.map((s) => ({ user: s.user._id, level: s.level }));

/** The first error about the shares (`shares`, `shares.0.level`, …) from a save result. */
export const sharesError = (errors: Record<string, string>) =>
  Object.entries(errors).find(([k]) => k === "shares" || k.startsWith("shares."))?.[1];

/** Whether the form shows the section: for a PRIVATE object, or whenever shares exist (nothing hidden). */
export const showsSharing = (visibility: string, shares: ShareEntry[]) => visibility === "PRIVATE" || shares.length > 0;

type Focus = { kind: "picker" } | { kind: "level"; id: string } | null;

/**
 * "Shared with": the staff users a (PRIVATE) object is shared with and their level. Whoever may
 * manage sharing adds colleagues, changes their level and removes them; everyone else sees the list.
 * Changes are kept in the form and saved with it.
 */
export function SharingSection({
  visibility,
  shares,
  onChange,
  candidates,
  canManage,
  error,
}: {
  visibility: string;
  shares: ShareEntry[];
  onChange: (shares: ShareEntry[]) => void;
  candidates: ShareUser[];
  canManage: boolean;
  error?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [pick, setPick] = useState("");
  const [level, setLevel] = useState<ShareLevel>("VIEWER");
  const [announcement, setAnnouncement] = useState("");
  const [focus, setFocus] = useState<Focus>(null);
  const pickerRef = useRef<HTMLSelectElement>(null);
  const levelRefs = useRef(new Map<string, HTMLSelectElement>());

  useEffect(() => {
    if (!focus) return;
    if (focus.kind === "picker") pickerRef.current?.focus();
    else levelRefs.current.get(focus.id)?.focus();
    setFocus(null);
  }, [focus]);

  if (!showsSharing(visibility, shares)) return null;

  const shared = new Set(shares.map((s) => s.user._id));
  const available = candidates.filter((c) => !shared.has(c._id));
  const levelName = (l: ShareLevel) => t(`assessments:sharing.level.${l}`);

  const add = () => {
    const user = available.find((c) => c._id === pick);
    if (!user) return;
    onChange([...shares, { user, level }]);
    setPick("");
    setLevel("VIEWER"); // least access by default for the next one
    setAnnouncement(t("assessments:sharing.added", { name: user.name, level: levelName(level) }));
    // The button disables itself once nothing is picked: keep the focus in the section.
    setFocus(available.length > 1 ? { kind: "picker" } : { kind: "level", id: user._id });
  };
  const remove = (entry: ShareEntry) => {
    onChange(shares.filter((s) => s.user._id !== entry.user._id));
    setAnnouncement(t("assessments:sharing.removed", { name: entry.user.name }));
    setFocus({ kind: "picker" });
  };
  const changeLevel = (entry: ShareEntry, next: ShareLevel) => {
    onChange(shares.map((s) => (s.user._id === entry.user._id ? { ...s, level: next } : s)));
    setAnnouncement(t("assessments:sharing.changed", { name: entry.user.name, level: levelName(next) }));
  };

  const select = "rounded-md border border-slate-300 bg-white px-2 py-2 text-sm";
  return (
    <section
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-help`}
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4"
      data-testid="sharing"
    >
      <div>
        <h2 id={`${id}-title`} className="text-base font-semibold text-primary">
          {t("assessments:sharing.title")}
        </h2>
        <p id={`${id}-help`} className="mt-1 text-sm text-slate-600">
          {canManage ? `${t("assessments:sharing.explanation")} ` : null}
          {t("assessments:sharing.levels-help")}
        </p>
        {canManage && visibility !== "PRIVATE" ? (
          <p className="mt-1 text-sm text-amber-800">{t("assessments:sharing.organization-hint")}</p>
        ) : null}
        {!canManage ? <p className="mt-1 text-sm text-slate-500">{t("assessments:sharing.read-only")}</p> : null}
      </div>

      {shares.length === 0 ? (
        <p className="text-sm text-slate-500">{t("assessments:sharing.none")}</p>
      ) : (
        <ul
          className="flex flex-col divide-y divide-slate-100 rounded-md border border-slate-200"
          aria-label={t("assessments:sharing.title")}
        >
          {shares.map((s) => (
            <li key={s.user._id} className="flex flex-wrap items-center gap-x-3 gap-y-2 px-3 py-2">
              <div className="min-w-0 flex-1 basis-48">
                <p className="truncate text-sm font-medium">{s.user.name}</p>
                <p className="truncate text-xs text-slate-500">{s.user.email}</p>
              </div>
              {canManage ? (
                <div className="flex items-center gap-2">
                  <select
                    ref={(el) => {
                      if (el) levelRefs.current.set(s.user._id, el);
                      else levelRefs.current.delete(s.user._id);
                    }}
                    value={s.level}
                    onChange={(e) => changeLevel(s, e.target.value as ShareLevel)}
                    aria-label={t("assessments:sharing.level-for", { name: s.user.name })}
                    className={select}
                  >
                    {SHARE_LEVELS.map((l) => (
                      <option key={l} value={l}>
                        {levelName(l)}
                      </option>
                    ))}
                  </select>
                  <Button
                    variant="ghost"
                    className="!px-2 !py-1 text-red-700"
                    aria-label={t("assessments:sharing.remove-n", { name: s.user.name })}
                    onClick={() => remove(s)}
                  >
                    {t("assessments:sharing.remove")}
                  </Button>
                </div>
              ) : (
                <span className="rounded bg-selected px-2 py-0.5 text-xs font-medium text-primary">
                  {levelName(s.level)}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}

      {canManage ? (
        available.length === 0 ? (
          <p className="text-sm text-slate-500">{t("assessments:sharing.no-candidates")}</p>
        ) : (
          <div className="flex flex-wrap items-end gap-2">
            <label className="flex min-w-0 flex-1 basis-64 flex-col gap-1 text-sm">
              <span className="font-medium text-slate-700">{t("assessments:sharing.user")}</span>
              <select
                ref={pickerRef}
                value={pick}
                onChange={(e) => setPick(e.target.value)}
                className={`${select} w-full`}
              >
                <option value="">{t("assessments:sharing.choose")}</option>
                {available.map((c) => (
                  <option key={c._id} value={c._id}>
                    {c.name} ({c.email})
                  </option>
                ))}
              </select>
            </label>
            <label className="flex flex-col gap-1 text-sm">
              <span className="font-medium text-slate-700">{t("assessments:sharing.level-label")}</span>
              <select value={level} onChange={(e) => setLevel(e.target.value as ShareLevel)} className={select}>
                {SHARE_LEVELS.map((l) => (
                  <option key={l} value={l}>
                    {levelName(l)}
                  </option>
                ))}
              </select>
            </label>
            <Button variant="secondary" disabled={!pick} onClick={add}>
              {t("assessments:sharing.add")}
            </Button>
          </div>
        )
      ) : null}
      <FieldError error={error} />
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
    </section>
  );
}
