import { csvImportIntents, entityAction, nameListLoader } from "./admin.databases+shared/entity-routes.server";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ImportDialog } from "~/components/databases/import-dialog";
import { addressFields, DataList, nameAndAddressColumns, nameAndAddressValues } from "~/components/databases/data-list";
import { companyInput } from "~/modules/databases";
import {
  addCompany,
  listCompanies,
  removeCompany,
  updateCompany,
  importCompaniesCsv,
  previewCompanyImport,
} from "~/modules/databases/index.server";

export const handle = { titleKey: "databases:sections.companies.title" };

export const loader = nameListLoader(listCompanies);
export const action = entityAction({ add: addCompany, update: updateCompany, remove: removeCompany }, (ctx) =>
  csvImportIntents(ctx, previewCompanyImport, importCompaniesCsv),
);

export default function Companies() {
  const { list, canWrite } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <DataList
      schema={companyInput}
      title={t("databases:sections.companies.title")}
      entity="companies"
      columns={nameAndAddressColumns(t)}
      edges={list.edges}
      pageInfo={list.pageInfo}
      canWrite={canWrite}
      headerExtra={canWrite ? <ImportDialog kind="companies" /> : null}
      fields={[{ name: "name", label: t("databases:fields.name"), required: true }, ...addressFields(t, false)]}
      valuesOf={nameAndAddressValues}
    />
  );
}
