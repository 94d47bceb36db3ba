import { entityAction, nameListLoader } from "./admin.databases+shared/entity-routes.server";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DataList } from "~/components/databases/data-list";
import { contextInput } from "~/modules/databases";
import { addContext, listContexts, removeContext, updateContext } from "~/modules/databases/index.server";

export const handle = { titleKey: "databases:sections.contexts.title" };

export const loader = nameListLoader(listContexts);
export const action = entityAction({ add: addContext, update: updateContext, remove: removeContext });

export default function Contexts() {
  const { list, canWrite } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <DataList
      schema={contextInput}
      title={t("databases:sections.contexts.title")}
      entity="contexts"
      columns={[
        { key: "name", label: t("databases:fields.name"), sort: "NAME", render: (r) => r.name },
        { key: "description", label: t("databases:fields.description"), render: (r) => r.description },
      ]}
      edges={list.edges}
      pageInfo={list.pageInfo}
      canWrite={canWrite}
      fields={[
        { name: "name", label: t("databases:fields.name"), required: true },
        { name: "description", label: t("databases:fields.description"), type: "textarea" },
      ]}
      valuesOf={(r) => ({ name: r.name, description: r.description })}
    />
  );
}
