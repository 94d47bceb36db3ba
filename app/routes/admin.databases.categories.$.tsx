import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DataList } from "~/components/databases/data-list";
import { EntityDialog } from "~/components/databases/entity-dialog";
import { ListDialogButton } from "~/components/ui/list-dialog-button";
import { useListDialog } from "~/components/ui/use-intent-dialog";
import { subtreeOf, treeOrder } from "~/lib/category-tree";
import { categoryInput } from "~/modules/databases";
import { requireStaffContext } from "~/modules/auth/index.server";
import {
  addCategory,
  allCategoryOptions,
  categoryPath,
  childCounts,
  descendantsOf,
  getCategory,
  listCategories,
  removeCategory,
  updateCategory,
  canWrite,
} from "~/modules/databases/index.server";
import { listQuery, pageArgs, redirectPastLastPage } from "~/lib/list-query.server";
import { loadOrFail } from "~/lib/form-result.server";
import { runIntent } from "~/lib/intent-action.server";

export const handle = { titleKey: "databases:sections.categories.title" };

const BASE = "/admin/databases/categories";
const idsOf = (splat: string | undefined) => (splat ?? "").split("/").filter(Boolean);

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const ctx = await requireStaffContext(request, context);
  const query = listQuery(request, ["NAME"], "NAME");
  const ids = idsOf(params["*"]);
  return loadOrFail(ctx, async () => {
    const path = await categoryPath(ctx, ids);
    const list = await listCategories(ctx, {
      ...pageArgs(query),
      filter: { name: query.q },
      parent: ids.at(-1) ?? null,
    });
    redirectPastLastPage(request, list.pageInfo);
    const pageIds = list.edges.map((e) => e.node._id);
    const [counts, below] = await Promise.all([childCounts(ctx, pageIds), descendantsOf(ctx, pageIds)]);
    const writable = canWrite(ctx);
    return {
      path: path.map((c) => ({ id: c._id, name: c.name })),
      list: {
        ...list,
        edges: list.edges.map((e) => ({
          ...e,
          node: { ...e.node, children: counts.get(e.node._id) ?? 0, descendants: below.get(e.node._id) ?? [] },
        })),
      },
      options: writable ? await allCategoryOptions(ctx) : [],
      canWrite: writable,
    };
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const ctx = await requireStaffContext(request, context);
  const parent = idsOf(params["*"]).at(-1) ?? null;
  return runIntent(ctx, request, {
    create: (input) => addCategory(ctx, { name: input.name, parent }),
    update: (input, id) => updateCategory(ctx, id, { name: input.name }),
    move: async (input, id) =>
      updateCategory(ctx, id, { name: (await getCategory(ctx, id)).name, parent: input.parent || null }),
    remove: (_i, id) => removeCategory(ctx, id),
  });
}

/** The move dialog's form has the parent only: checked against the whole input, its missing name kept it from being sent. */
const moveInput = categoryInput.pick({ parent: true });

export default function Categories() {
  const { path, list, options, canWrite } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const here = [BASE, ...path.map((p) => p.id)].join("/");
  const current = path.at(-1);
  // A category cannot move under itself or below itself: those targets are not offered. The
  // targets show their path, in tree order, so two "Basics" under different parents differ.
  const tree = treeOrder(options);
  const parentOptions = [
    { value: "", label: t("databases:categories.root") },
    ...tree.map((o) => ({ value: o.id, label: o.path })),
  ];
  const { dialog: moving, open: openMove } = useListDialog<"move", (typeof list.edges)[number]["node"]>();
  const moveLabel = t("databases:categories.move");
  return (
    <div className="flex flex-col gap-4">
      <nav aria-label={t("databases:categories.breadcrumb")}>
        <ol className="flex flex-wrap items-center gap-1 text-sm">
          <li>
            <Link to="/admin/databases">{t("databases:title")}</Link>
          </li>
          <li aria-hidden="true">/</li>
          <li>
            {path.length ? (
              <Link to={BASE}>{t("databases:sections.categories.title")}</Link>
            ) : (
              <span aria-current="page">{t("databases:sections.categories.title")}</span>
            )}
          </li>
          {path.map((p, i) => (
            <li key={p.id} className="flex items-center gap-1">
              <span aria-hidden="true">/</span>
              {i === path.length - 1 ? (
                <span aria-current="page">{p.name}</span>
              ) : (
                <Link to={[BASE, ...path.slice(0, i + 1).map((x) => x.id)].join("/")}>{p.name}</Link>
              )}
            </li>
          ))}
        </ol>
      </nav>
      <DataList
        title={current ? current.name : t("databases:sections.categories.title")}
        entity={current ? "subcategories" : "categories"}
        columns={[
          {
            key: "name",
            label: t("databases:fields.name"),
            sort: "NAME",
            render: (r) => <Link to={`${here}/${r._id}`}>{r.name}</Link>,
          },
          { key: "children", label: t("databases:categories.children"), render: (r) => r.children },
        ]}
        edges={list.edges}
        pageInfo={list.pageInfo}
        canWrite={canWrite}
        fields={[{ name: "name", label: t("databases:fields.name"), required: true }]}
        valuesOf={(r) => ({ name: r.name })}
        removeDescription={(r) =>
          r.descendants.length > 0
            ? t("databases:categories.remove-subtree", { count: r.descendants.length })
            : t("databases:remove.description")
        }
        removeDetails={(r) =>
          r.descendants.length > 0 ? (
            <ul className="max-h-40 list-disc overflow-y-auto pl-6" data-testid="remove-subtree">
              {r.descendants.slice(0, 50).map((name, i) => (
                <li key={i}>{name}</li>
              ))}
              {r.descendants.length > 50 ? (
                <li>{t("databases:categories.and-more", { count: r.descendants.length - 50 })}</li>
              ) : null}
            </ul>
          ) : null
        }
        rowExtra={(r) =>
          canWrite ? (
            <ListDialogButton onOpen={(opener) => openMove("move", r, opener)}>{moveLabel}</ListDialogButton>
          ) : null
        }
      />
      {/* One "move" dialog for all rows, for the category whose button opened it. */}
      {moving ? (
        <EntityDialog
          key={moving.opened.opening}
          opened={moving.opened}
          schema={moveInput}
          title={t("databases:categories.move-title", { name: moving.item.name })}
          intent="move"
          id={moving.item._id}
          fields={[
            {
              name: "parent",
              label: t("databases:fields.parent"),
              type: "select",
              options: parentOptions.filter((o) => !subtreeOf(tree, moving.item._id).includes(o.value)),
            },
          ]}
          values={{ parent: moving.item.parentId ?? "" }}
        />
      ) : null}
    </div>
  );
}
