import { entityAction, nameListLoader } from "./admin.databases+shared/entity-routes.server";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DataList } from "~/components/databases/data-list";
import { supplyObjectInput } from "~/modules/databases";
import {
  addSupplyObject,
  listSupplyObjects,
  removeSupplyObject,
  updateSupplyObject,
} from "~/modules/databases/index.server";

export const handle = { titleKey: "databases:sections.supplies.title" };

export const loader = nameListLoader(listSupplyObjects);
export const action = entityAction({ add: addSupplyObject, update: updateSupplyObject, remove: removeSupplyObject });

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
