import { Form, Link, useFetcher, useSearchParams } from "@remix-run/react";
import { Dialog } from "radix-ui";
import { useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Alert, Button } from "~/components/ui/form";

export type PageInfo = { totalCount: number; pageSize: number; hasNextPage: boolean; hasPreviousPage: boolean };
export type SaveResult = { ok: true; id: string | null } | { ok: false; message: string; fieldErrors: Record<string, string>; references: Array<{ id: string; title: string; type: string }> };

export function PageHeader({ title, back, backLabel, children }: { title: string; back?: string; backLabel?: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
      <div>
        {back ? (
          <Link to={back} className="text-sm text-primary">
            ← {backLabel ?? t("assessments:actions.back")}
          </Link>
        ) : null}
        <h1 className="text-2xl font-semibold text-primary">{title}</h1>
      </div>
      <div className="flex gap-2">{children}</div>
    </div>
  );
}

/** Search, optional step-type filter, sort field and direction, NARROW/WIDE layout: all in the URL. */
export function ListToolbar({ typeOptions, showLayout = false }: { typeOptions?: readonly string[]; showLayout?: boolean }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const select = "rounded-md border border-slate-300 px-2 py-2 text-sm";
  return (
    <Form method="get" className="mb-4 flex flex-wrap items-end gap-2" role="search">
      <label className="flex flex-col text-sm">
        <span className="text-slate-700">{t("assessments:list.search")}</span>
        <input name="q" defaultValue={params.get("q") ?? ""} className="rounded-md border border-slate-300 px-3 py-2 text-sm" />
      </label>
      {typeOptions ? (
        <label className="flex flex-col text-sm">
          <span className="text-slate-700">{t("assessments:fields.type")}</span>
          <select name="type" defaultValue={params.get("type") ?? ""} className={select}>
            <option value="">{t("assessments:list.all-types")}</option>
            {typeOptions.map((ty) => (
              <option key={ty} value={ty}>
                {t(`assessments:stepType.${ty}`)}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <label className="flex flex-col text-sm">
        <span className="text-slate-700">{t("assessments:list.sort")}</span>
        <select name="sort" defaultValue={params.get("sort") ?? "DATE"} className={select}>
          {["DATE", "NAME", "OWNER_NAME"].map((s) => (
            <option key={s} value={s}>
              {t(`assessments:list.sortField.${s}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col text-sm">
        <span className="text-slate-700">{t("assessments:list.direction")}</span>
        <select name="dir" defaultValue={params.get("dir") ?? "DESC"} className={select}>
          {["ASC", "DESC"].map((d) => (
            <option key={d} value={d}>
              {t(`assessments:list.order.${d}`)}
            </option>
          ))}
        </select>
      </label>
      {showLayout ? (
        <fieldset className="flex flex-col text-sm">
          <legend className="text-slate-700">{t("assessments:list.layout")}</legend>
          <div className="flex">
            {(["NARROW", "WIDE"] as const).map((l) => (
              <label key={l} className="cursor-pointer border border-slate-300 px-3 py-2 has-[:checked]:bg-selected has-[:checked]:font-semibold first:rounded-l-md last:rounded-r-md">
                <input type="radio" name="layout" value={l} defaultChecked={(params.get("layout") ?? "WIDE") === l} className="sr-only" onChange={(e) => e.currentTarget.form?.requestSubmit()} />
                {t(`assessments:list.layoutChoice.${l}`)}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      <Button type="submit" variant="secondary">
        {t("assessments:list.filter")}
      </Button>
    </Form>
  );
}

export function Pager({ pageInfo }: { pageInfo: PageInfo }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const page = Math.max(1, Number(params.get("page") ?? "1") || 1);
  const pages = Math.max(1, Math.ceil(pageInfo.totalCount / pageInfo.pageSize));
  const to = (p: number) => {
    const next = new URLSearchParams(params);
    next.set("page", String(p));
    return `?${next.toString()}`;
  };
  return (
    <nav className="mt-4 flex items-center justify-between text-sm" aria-label={t("assessments:list.page", { page, pages })}>
      <span className="text-slate-600">{t("assessments:list.total", { count: pageInfo.totalCount })}</span>
      <div className="flex items-center gap-3">
        {pageInfo.hasPreviousPage ? <Link to={to(page - 1)}>{t("assessments:list.previous")}</Link> : null}
        <span>{t("assessments:list.page", { page, pages })}</span>
        {pageInfo.hasNextPage ? <Link to={to(page + 1)}>{t("assessments:list.next")}</Link> : null}
      </div>
    </nav>
  );
}

/** A "Remove" button with a confirmation dialog; shows what still uses the object when refused. */
export function RemoveButton({ id, name }: { id: string; name: string }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<SaveResult>();
  const [open, setOpen] = useState(false);
  const result = fetcher.data;
  useEffect(() => {
    if (fetcher.state === "idle" && result?.ok) setOpen(false);
  }, [fetcher.state, result]);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="ghost" className="!px-2 !py-1 text-red-700">
          {t("assessments:actions.remove")}
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[90vw] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold">{t("assessments:remove.title", { name })}</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-slate-600">{t("assessments:remove.body")}</Dialog.Description>
          {result && !result.ok ? (
            <div className="mt-3">
              <Alert>
                {result.references.length ? t("assessments:remove.referenced") : result.message}
                {result.references.length ? (
                  <ul className="mt-1 list-disc pl-5">
                    {result.references.map((r) => (
                      <li key={r.id}>
                        {r.title} ({r.type})
                      </li>
                    ))}
                  </ul>
                ) : null}
              </Alert>
            </div>
          ) : null}
          <fetcher.Form method="post" className="mt-4 flex justify-end gap-2">
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="id" value={id} />
            <Dialog.Close asChild>
              <Button variant="secondary">{t("assessments:actions.cancel")}</Button>
            </Dialog.Close>
            <Button type="submit" variant="danger" disabled={fetcher.state !== "idle"}>
              {t("assessments:actions.remove")}
            </Button>
          </fetcher.Form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export function Modal({ title, trigger, children }: { title: string; trigger: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Dialog.Root>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[85vh] w-[90vw] max-w-2xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold text-primary">{title}</Dialog.Title>
          <Dialog.Description className="sr-only">{title}</Dialog.Description>
          <div className="mt-3 text-sm">{children}</div>
          <div className="mt-4 flex justify-end">
            <Dialog.Close asChild>
              <Button variant="secondary">{t("assessments:actions.close")}</Button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export function FieldError({ error }: { error?: string | null }) {
  return error ? <p className="text-sm text-red-700">{error}</p> : null;
}

/** Checkboxes for a set of ids (categories, supplies). */
export function CheckboxList({
  legend,
  options,
  value,
  onChange,
  error,
  disabled,
}: {
  legend: string;
  options: Array<{ _id: string; name: string }>;
  value: string[];
  onChange: (ids: string[]) => void;
  error?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="text-sm font-medium text-slate-700">{legend}</legend>
      {options.length === 0 ? <p className="text-sm text-slate-500">{t("assessments:form.none-selected")}</p> : null}
      <div className="flex max-h-40 flex-wrap gap-x-4 gap-y-1 overflow-y-auto">
        {options.map((o) => (
          <label key={o._id} className="flex items-center gap-1 text-sm">
            <input
              type="checkbox"
              disabled={disabled}
              checked={value.includes(o._id)}
              onChange={(e) => onChange(e.target.checked ? [...value, o._id] : value.filter((v) => v !== o._id))}
            />
            {o.name}
          </label>
        ))}
      </div>
      <FieldError error={error} />
    </fieldset>
  );
}

export function move<T>(list: T[], index: number, delta: number): T[] {
  const target = index + delta;
  if (target < 0 || target >= list.length) return list;
  const next = [...list];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

/** An ordered choice of items (questions of an evaluation, evaluations of a session). */
export function OrderedPicker({
  legend,
  options,
  value,
  onChange,
  error,
  disabled,
}: {
  legend: string;
  options: Array<{ _id: string; name: string }>;
  value: string[];
  onChange: (ids: string[]) => void;
  error?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [pick, setPick] = useState("");
  const names = new Map(options.map((o) => [o._id, o.name]));
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-medium text-slate-700">{legend}</legend>
      {!disabled ? (
        <div className="flex gap-2">
          <select value={pick} onChange={(e) => setPick(e.target.value)} className="min-w-0 flex-1 rounded-md border border-slate-300 px-2 py-2 text-sm" aria-label={t("assessments:picker.available")}>
            <option value="">{t("assessments:form.choose")}</option>
            {options
              .filter((o) => !value.includes(o._id))
              .map((o) => (
                <option key={o._id} value={o._id}>
                  {o.name}
                </option>
              ))}
          </select>
          <Button
            variant="secondary"
            disabled={!pick}
            onClick={() => {
              onChange([...value, pick]);
              setPick("");
            }}
          >
            {t("assessments:picker.add")}
          </Button>
        </div>
      ) : null}
      <p className="text-xs text-slate-500">{t("assessments:picker.chosen")}</p>
      {value.length === 0 ? <p className="text-sm text-slate-500">{t("assessments:form.none-selected")}</p> : null}
      <ol className="flex flex-col gap-1">
        {value.map((id, i) => (
          <li key={id} className="flex items-center gap-2 rounded border border-slate-200 px-2 py-1 text-sm">
            <span className="w-6 text-right text-slate-500">{i + 1}.</span>
            <span className="flex-1">{names.get(id) ?? id}</span>
            {!disabled ? (
              <>
                <Button variant="ghost" className="!px-2 !py-1" aria-label={t("assessments:actions.move-up")} disabled={i === 0} onClick={() => onChange(move(value, i, -1))}>
                  ↑
                </Button>
                <Button variant="ghost" className="!px-2 !py-1" aria-label={t("assessments:actions.move-down")} disabled={i === value.length - 1} onClick={() => onChange(move(value, i, 1))}>
                  ↓
                </Button>
                <Button variant="ghost" className="!px-2 !py-1 text-red-700" aria-label={t("assessments:actions.remove")} onClick={() => onChange(value.filter((v) => v !== id))}>
                  ✕
                </Button>
              </>
            ) : null}
          </li>
        ))}
      </ol>
      <FieldError error={error} />
    </fieldset>
  );
}

/** Ownership fields (visibility and owner type). */
export function OwnershipFields({
  visibility,
  ownerType,
  onChange,
  disabled,
}: {
  visibility: string;
  ownerType: string;
  onChange: (v: { visibility: string; objectOwnerType: string }) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const select = "rounded-md border border-slate-300 px-2 py-2 text-sm";
  return (
    <div className="flex flex-wrap gap-4">
      <label className="flex flex-col text-sm">
        <span className="font-medium text-slate-700">{t("assessments:fields.visibility")}</span>
        <select disabled={disabled} value={visibility} onChange={(e) => onChange({ visibility: e.target.value, objectOwnerType: ownerType })} className={select}>
          {["ORGANIZATION", "PRIVATE"].map((v) => (
            <option key={v} value={v}>
              {t(`assessments:visibility.${v}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col text-sm">
        <span className="font-medium text-slate-700">{t("assessments:fields.ownerType")}</span>
        <select disabled={disabled} value={ownerType} onChange={(e) => onChange({ visibility, objectOwnerType: e.target.value })} className={select}>
          {["ORGANIZATION", "USER"].map((v) => (
            <option key={v} value={v}>
              {t(`assessments:ownerType.${v}`)}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
