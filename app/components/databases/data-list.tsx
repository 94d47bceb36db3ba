import { Link, useLocation, useSearchParams } from "@remix-run/react";
import type { ReactNode } from "react";
import type { ZodTypeAny } from "zod";
import { useTranslation } from "react-i18next";
import type { PageInfo } from "~/lib/paging.server";
import { Button } from "../ui/form";
import { EmptyList, ListSearch } from "../ui/list-search";
import { ListDialogButton } from "../ui/list-dialog-button";
import { useListDialog } from "../ui/use-intent-dialog";
import { ConfirmRemove } from "./confirm-remove";
import { EntityDialog, type FieldDef } from "./entity-dialog";
import { ListTable } from "../ui/list-table";
import { Pager } from "../ui/pager";

export type Column<T> = { key: string; label: string; sort?: string; render: (row: T) => ReactNode };
type Node = { _id: string; name: string };

/**
 * The one list every database screen uses: search box (GET `q`), sortable headers (`sort`, `dir`),
 * 20 a page with paging links (`page`), empty state, and create / edit / remove dialogs that are
 * only shown to those who may change reference data.
 */
export function DataList<T extends Node>({
  title,
  entity,
  columns,
  edges,
  pageInfo,
  canWrite,
  fields,
  schema,
  valuesOf,
  createHidden,
  headerExtra,
  rowExtra,
  removeDescription,
  removeDetails,
}: {
  title: ReactNode;
  /** Key under `databases:entities` for the entity's labels. */
  entity: string;
  columns: Column<T>[];
  edges: Array<{ node: T }>;
  pageInfo: PageInfo;
  canWrite: boolean;
  fields: FieldDef[];
  /** The module's input schema: the dialogs check their fields with it while they are filled in. */
  schema?: ZodTypeAny;
  valuesOf: (row: T) => Record<string, string | null | undefined>;
  createHidden?: Record<string, string>;
  headerExtra?: ReactNode;
  rowExtra?: (row: T) => ReactNode;
  removeDescription?: (row: T) => string;
  removeDetails?: (row: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const q = params.get("q") ?? "";
  const sort = params.get("sort");
  const dir = params.get("dir") === "DESC" ? "DESC" : "ASC";
  const href = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null) next.delete(k);
      else next.set(k, v);
    }
    const s = next.toString();
    return s ? `${pathname}?${s}` : pathname;
  };
  const e = (key: string, values?: Record<string, unknown>) => t(`databases:entities.${entity}.${key}`, values ?? {});
  // One edit and one remove dialog for the whole list, for the row whose button opened it.
  const { dialog, open: openDialog } = useListDialog<"edit" | "remove", T>();
  // Translated once, not once per row (each t() call is a lookup through i18next).
  const [editLabel, removeLabel] = [t("databases:list.edit"), t("databases:list.remove")];

  return (
    <section className="flex min-w-0 flex-col gap-4" aria-labelledby="list-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="list-title" className="text-2xl font-semibold text-primary">
          {title}
        </h1>
        <div className="flex flex-wrap gap-2">
          {headerExtra}
          {canWrite ? (
            <EntityDialog
              trigger={<Button data-testid="create">{e("create")}</Button>}
              title={e("create")}
              intent="create"
              fields={fields}
              schema={schema}
              hidden={createHidden}
            />
          ) : null}
        </div>
      </div>
      <ListSearch
        id="list-search"
        label={t("databases:list.search")}
        placeholder={t("databases:list.search-placeholder")}
        q={q}
        keep={{ sort, dir: params.get("dir") ? dir : null }}
      />
      {edges.length === 0 ? (
        <EmptyList>{q ? t("databases:list.empty-search", { q }) : e("empty")}</EmptyList>
      ) : (
        <ListTable
          className="w-full text-left text-sm"
          head={
            <tr>
              {columns.map((c) => {
                const active = c.sort && (sort ?? columns.find((x) => x.sort)?.sort) === c.sort;
                return (
                  <th
                    key={c.key}
                    scope="col"
                    className="px-4 py-2 font-medium"
                    aria-sort={active ? (dir === "ASC" ? "ascending" : "descending") : undefined}
                  >
                    {c.sort ? (
                      <Link
                        to={href({ sort: c.sort, dir: active && dir === "ASC" ? "DESC" : "ASC", page: null })}
                        className="inline-flex items-center gap-1 no-underline"
                      >
                        {c.label}
                        <span aria-hidden="true">{active ? (dir === "ASC" ? "▲" : "▼") : "↕"}</span>
                      </Link>
                    ) : (
                      c.label
                    )}
                  </th>
                );
              })}
              {/* The actions stay in view at the right while a wide table scrolls on a phone. */}
              <th scope="col" className="sticky right-0 bg-slate-50 px-4 py-2 text-right font-medium">
                <span className="sr-only">{t("databases:list.actions")}</span>
              </th>
            </tr>
          }
        >
          {edges.map(({ node }) => (
            <tr key={node._id} className="border-t border-slate-100">
              {columns.map((c, i) => (
                // A long unbroken name breaks instead of widening the table past the screen;
                // the name column keeps room enough to read.
                <td key={c.key} className="px-4 py-2 [overflow-wrap:anywhere]">
                  <div className={i === 0 ? "min-w-[9rem]" : "min-w-[5rem]"}>{c.render(node)}</div>
                </td>
              ))}
              <td className="sticky right-0 bg-white px-2 py-2 shadow-[-1px_0_0_theme(colors.slate.100)] sm:px-4">
                <div className="flex justify-end gap-1">
                  {rowExtra?.(node)}
                  {canWrite ? (
                    <>
                      <ListDialogButton onOpen={(opener) => openDialog("edit", node, opener)}>
                        {editLabel}
                      </ListDialogButton>
                      <ListDialogButton onOpen={(opener) => openDialog("remove", node, opener)}>
                        {removeLabel}
                      </ListDialogButton>
                    </>
                  ) : null}
                </div>
              </td>
            </tr>
          ))}
        </ListTable>
      )}
      {dialog?.kind === "edit" ? (
        <EntityDialog
          key={`edit-${dialog.opened.opening}`}
          opened={dialog.opened}
          title={e("edit", { name: dialog.item.name })}
          intent="update"
          id={dialog.item._id}
          fields={fields}
          schema={schema}
          values={valuesOf(dialog.item)}
        />
      ) : null}
      {dialog?.kind === "remove" ? (
        <ConfirmRemove
          key={`remove-${dialog.opened.opening}`}
          opened={dialog.opened}
          title={e("remove", { name: dialog.item.name })}
          description={removeDescription?.(dialog.item) ?? t("databases:remove.description")}
          details={removeDetails?.(dialog.item)}
          id={dialog.item._id}
        />
      ) : null}
      <Pager
        pageInfo={pageInfo}
        total={t("databases:list.total", { count: pageInfo.totalCount })}
        keys="databases:list."
        jump
      />
    </section>
  );
}

export const ADDRESS_FIELDS = ["line1", "city", "region", "postal", "country"] as const;

/** The address fields of a form, labelled; `required` marks line1, city and country. */
export function addressFields(t: (key: string) => string, required: boolean): FieldDef[] {
  return ADDRESS_FIELDS.map((f) => ({
    name: `address.${f}`,
    label: t(`databases:fields.address.${f}`),
    required: required && (f === "line1" || f === "city" || f === "country"),
  }));
}

type Address = {
  line1: string | null;
  city: string | null;
  region?: string | null;
  postal: string | null;
  country: string | null;
};

/** The columns of a list of named places with an address (companies, locations). */
export const nameAndAddressColumns = <T extends Node & { address: Address | null }>(
  t: (key: string) => string,
): Column<T>[] => [
  { key: "name", label: t("databases:fields.name"), sort: "NAME", render: (r) => r.name },
  { key: "address", label: t("databases:fields.address.label"), render: (r) => formatAddress(r.address) },
];

/** A row's name and address as the dialog's field values (`address.line1`, ...). */
export const nameAndAddressValues = (r: { name: string; address: Address | null }) => ({
  name: r.name,
  ...Object.fromEntries(ADDRESS_FIELDS.map((f) => [`address.${f}`, r.address?.[f]])),
});

export const formatAddress = (a: Address | null) =>
  a ? [a.line1, [a.postal, a.city].filter(Boolean).join(" "), a.region, a.country].filter(Boolean).join(", ") : "";
