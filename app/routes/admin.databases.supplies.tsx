import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DataList } from "~/components/databases/data-list";
import { supplyObjectInput } from "~/modules/databases";
import { requireStaffContext } from "~/modules/auth/index.server";
import {
  entityIntents,
  nameListScreen,
  addSupplyObject,
  listSupplyObjects,
  removeSupplyObject,
  updateSupplyObject,
} from "~/modules/databases/index.server";
import { runIntent } from "~/lib/intent-action.server";

export const handle = { titleKey: "databases:sections.supplies.title" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await requireStaffContext(request, context);
  return nameListScreen(ctx, request, listSupplyObjects);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = await requireStaffContext(request, context);
  return runIntent(ctx, request, {
    ...entityIntents(ctx, { add: addSupplyObject, update: updateSupplyObject, remove: removeSupplyObject }),
  });
}

export default function SupplyObjects() {
  const { list, canWrite } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <DataList
      schema={supplyObjectInput}
      title={t("databases:sections.supplies.title")}
      entity="supplies"
      columns={[{ key: "name", label: t("databases:fields.name"), sort: "NAME", render: (r) => r.name }]}
      edges={list.edges}
      pageInfo={list.pageInfo}
      canWrite={canWrite}
      fields={[{ name: "name", label: t("databases:fields.name"), required: true }]}
      valuesOf={(r) => ({ name: r.name })}
    />
  );
}
