import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ImportDialog } from "~/components/databases/import-dialog";
import { addressFields, DataList, formatAddress } from "~/components/databases/data-list";
import { companyInput } from "~/modules/databases";
import { requireStaffContext } from "~/modules/auth/index.server";
import {
  addCompany,
  listCompanies,
  removeCompany,
  updateCompany,
  importCompaniesCsv,
  previewCompanyImport,
  entityIntents,
  nameListScreen,
} from "~/modules/databases/index.server";
import { runIntent } from "~/lib/intent-action.server";

export const handle = { titleKey: "databases:sections.companies.title" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await requireStaffContext(request, context);
  return nameListScreen(ctx, request, listCompanies);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = await requireStaffContext(request, context);
  return runIntent(ctx, request, {
    ...entityIntents(ctx, { add: addCompany, update: updateCompany, remove: removeCompany }),
    preview: (_i, _id, form) => previewCompanyImport(ctx, String(form.get("csv") ?? "")),
    import: async (_i, _id, form) =>
      ctx.t("databases:import.saved", await importCompaniesCsv(ctx, String(form.get("csv") ?? ""))),
  });
}

export default function Companies() {
  const { list, canWrite } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <DataList
      schema={companyInput}
      title={t("databases:sections.companies.title")}
      entity="companies"
      columns={[
        { key: "name", label: t("databases:fields.name"), sort: "NAME", render: (r) => r.name },
        { key: "address", label: t("databases:fields.address.label"), render: (r) => formatAddress(r.address) },
      ]}
      edges={list.edges}
      pageInfo={list.pageInfo}
      canWrite={canWrite}
      headerExtra={canWrite ? <ImportDialog kind="companies" /> : null}
      fields={[{ name: "name", label: t("databases:fields.name"), required: true }, ...addressFields(t, false)]}
      valuesOf={(r) => ({
        name: r.name,
        "address.line1": r.address?.line1,
        "address.city": r.address?.city,
        "address.region": r.address?.region,
        "address.postal": r.address?.postal,
        "address.country": r.address?.country,
      })}
    />
  );
}
