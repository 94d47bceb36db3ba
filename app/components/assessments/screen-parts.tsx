import { Form, Link, useFetcher, useSearchParams } from "@remix-run/react";
import { Dialog } from "radix-ui";
import { useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ReferenceList } from "~/components/ui/reference-list";
import { FilterSelect } from "~/components/ui/filter-select";
import { Pager } from "~/components/ui/pager";
import { Alert, Button, SelectField, TextField } from "~/components/ui/form";

export type PageInfo = { totalCount: number; pageSize: number; hasNextPage: boolean; hasPreviousPage: boolean };
export type SaveResult =
  | { ok: true; id: string | null }
  | {
      ok: false;
      message: string;
      fieldErrors: Record<string, string>;
      references: Array<{ id: string; title: string; type: string }>;
    };

/** Marks a PRIVATE object in lists (the owner and the colleagues it is shared with see it). */
export function PrivateBadge({ visibility }: { visibility: string }) {
  const { t } = useTranslation();
  if (visibility !== "PRIVATE") return null;
  return (
    <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 align-middle text-xs font-normal text-slate-700">
      {t("assessments:visibility.PRIVATE")}
    </span>
  );
}

export function PageHeader({
  title,
  back,
  backLabel,
  children,
}: {
  title: string;
  back?: string;
  backLabel?: string;
  children?: ReactNode;
}) {
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
      <div className="flex flex-wrap gap-2">{children}</div>
    </div>
  );
}

/** A category filter: every category by its path, or all of them. */
export function CategorySelect({
  label,
  options,
  ...select
}: { label: string; options: Array<{ _id: string; path: string }> } & Pick<
  React.SelectHTMLAttributes<HTMLSelectElement>,
  "name" | "value" | "defaultValue" | "onChange"
>) {
  const { t } = useTranslation();
  return (
    <FilterSelect label={label} {...select}>
      <option value="">{t("assessments:list.all-categories")}</option>
      {options.map((c) => (
        <option key={c._id} value={c._id}>
          {c.path}
        </option>
      ))}
    </FilterSelect>
  );
}

/** Search, optional step-type filter, sort field and direction, NARROW/WIDE layout: all in the URL. */
export function ListToolbar({
  typeOptions,
  categoryOptions,
  showLayout = false,
}: {
  typeOptions?: readonly string[];
  /** Categories in tree order with their path; filtering on one includes everything below it. */
  categoryOptions?: Array<{ _id: string; path: string }>;
  showLayout?: boolean;
}) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  return (
    <Form method="get" className="mb-4 flex flex-wrap items-end gap-2" role="search">
      <label className="flex flex-col text-sm">
        <span className="text-slate-700">{t("assessments:list.search")}</span>
        <input
          name="q"
          defaultValue={params.get("q") ?? ""}
          className="rounded-md border border-slate-300 px-3 py-2 text-sm"
        />
      </label>
      {typeOptions ? (
        <FilterSelect label={t("assessments:fields.type")} name="type" defaultValue={params.get("type") ?? ""}>
          <option value="">{t("assessments:list.all-types")}</option>
          {typeOptions.map((ty) => (
            <option key={ty} value={ty}>
              {t(`assessments:stepType.${ty}`)}
            </option>
          ))}
        </FilterSelect>
      ) : null}
      {categoryOptions?.length ? (
        <CategorySelect
          label={t("assessments:fields.categories")}
          options={categoryOptions}
          name="category"
          defaultValue={params.get("category") ?? ""}
        />
      ) : null}
      <FilterSelect label={t("assessments:list.sort")} name="sort" defaultValue={params.get("sort") ?? "DATE"}>
        {["DATE", "NAME", "OWNER_NAME"].map((s) => (
          <option key={s} value={s}>
            {t(`assessments:list.sortField.${s}`)}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect label={t("assessments:list.direction")} name="dir" defaultValue={params.get("dir") ?? "DESC"}>
        {["ASC", "DESC"].map((d) => (
          <option key={d} value={d}>
            {t(`assessments:list.order.${d}`)}
          </option>
        ))}
      </FilterSelect>
      {showLayout ? (
        <fieldset className="flex flex-col text-sm">
          <legend className="text-slate-700">{t("assessments:list.layout")}</legend>
          <div className="flex">
            {(["NARROW", "WIDE"] as const).map((l) => (
              <label
                key={l}
                className="cursor-pointer border border-slate-300 px-3 py-2 has-[:checked]:bg-selected has-[:checked]:font-semibold first:rounded-l-md last:rounded-r-md"
              >
                <input
                  type="radio"
                  name="layout"
                  value={l}
                  defaultChecked={(params.get("layout") ?? "WIDE") === l}
                  className="sr-only"
                  onChange={(e) => e.currentTarget.form?.requestSubmit()}
                />
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

/** The foot of an assessments list (questions, evaluations, sessions). */
export function AssessmentsPager({ pageInfo }: { pageInfo: PageInfo }) {
  const { t } = useTranslation();
  return (
    <Pager
      pageInfo={pageInfo}
      total={t("assessments:list.total", { count: pageInfo.totalCount })}
      keys="assessments:list."
      className="mt-4"
    />
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
          <Dialog.Description className="mt-2 text-sm text-slate-600">
            {t("assessments:remove.body")}
          </Dialog.Description>
          {result && !result.ok ? (
            <div className="mt-3">
              <Alert>
                {result.references.length ? t("assessments:remove.referenced") : result.message}
                {result.references.length ? <ReferenceList references={result.references} /> : null}
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

/** The required name of a question, evaluation or session template. */
export function NameField({
  value,
  onChange,
  error,
  disabled,
}: {
  value: string;
  onChange: (name: string) => void;
  error?: string;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t("assessments:fields.name")}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error}
      required
      disabled={disabled}
    />
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
  create,
}: {
  legend: string;
  /** A way to make a new option from here (CreateReference), shown unless disabled. */
  create?: ReactNode;
  /** With `depth` (a category tree in tree order) the list is indented and searchable by path. */
  options: Array<{ _id: string; name: string; depth?: number; path?: string }>;
  value: string[];
  onChange: (ids: string[]) => void;
  error?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [query, setQuery] = useState("");
  const tree = options.some((o) => o.depth !== undefined);
  const q = query.trim().toLowerCase();
  const shown = q ? options.filter((o) => (o.path ?? o.name).toLowerCase().includes(q)) : options;
  const chosenNames = options.filter((o) => value.includes(o._id)).map((o) => o.path ?? o.name);
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="text-sm font-medium text-slate-700">{legend}</legend>
      {options.length === 0 ? (
        <p className="text-sm text-slate-600">
          {t(create && !disabled ? "assessments:picker.none-yet" : "assessments:form.none-selected")}
        </p>
      ) : null}
      {options.length > 12 && !disabled ? (
        <input
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          aria-label={t("assessments:picker.find")}
          placeholder={t("assessments:picker.find")}
          className="max-w-sm rounded-md border border-slate-300 px-3 py-1.5 text-sm"
        />
      ) : null}
      <div
        className={`flex max-h-48 overflow-y-auto ${tree ? "flex-col gap-0.5 rounded-md border border-slate-200 bg-white p-2" : "flex-wrap gap-x-4 gap-y-1"}`}
      >
        {shown.map((o) => (
          <label
            key={o._id}
            className="flex items-center gap-1.5 text-sm"
            style={tree && !q ? { paddingLeft: `${(o.depth ?? 0) * 1.25}rem` } : undefined}
          >
            <input
              type="checkbox"
              disabled={disabled}
              checked={value.includes(o._id)}
              onChange={(e) => onChange(e.target.checked ? [...value, o._id] : value.filter((v) => v !== o._id))}
            />
            {/* Filtered, a category shows its path: the indentation no longer tells where it sits. */}
            {q && o.path ? o.path : o.name}
          </label>
        ))}
        {q && shown.length === 0 ? <p className="text-sm text-slate-500">{t("assessments:picker.no-match")}</p> : null}
      </div>
      {tree && chosenNames.length ? (
        <p className="text-xs text-slate-600" data-testid="chosen-categories">
          {t("assessments:picker.selected", { names: chosenNames.join("; ") })}
        </p>
      ) : null}
      {create && !disabled ? create : null}
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
  return (
    <div className="flex flex-wrap gap-4">
      <SelectField
        label={t("assessments:fields.visibility")}
        disabled={disabled}
        value={visibility}
        onChange={(e) => onChange({ visibility: e.target.value, objectOwnerType: ownerType })}
      >
        {["ORGANIZATION", "PRIVATE"].map((v) => (
          <option key={v} value={v}>
            {t(`assessments:visibility.${v}`)}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t("assessments:fields.ownerType")}
        disabled={disabled}
        value={ownerType}
        onChange={(e) => onChange({ visibility, objectOwnerType: e.target.value })}
      >
        {["ORGANIZATION", "USER"].map((v) => (
          <option key={v} value={v}>
            {t(`assessments:ownerType.${v}`)}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
