import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DataList } from "~/components/databases/data-list";
import { contextInput } from "~/modules/databases";
import { requireStaffContext } from "~/modules/auth/index.server";
import {
  addContext,
  listContexts,
  removeContext,
  updateContext,
  entityIntents,
  nameListScreen,
} from "~/modules/databases/index.server";
import { runIntent } from "~/lib/intent-action.server";

export const handle = { titleKey: "databases:sections.contexts.title" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await requireStaffContext(request, context);
  return nameListScreen(ctx, request, listContexts);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = await requireStaffContext(request, context);
  return runIntent(ctx, request, {
    ...entityIntents(ctx, { add: addContext, update: updateContext, remove: removeContext }),
  });
}

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
