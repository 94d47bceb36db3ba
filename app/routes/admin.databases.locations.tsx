import { entityAction, nameListLoader } from "./admin.databases+shared/entity-routes.server";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { addressFields, DataList, nameAndAddressColumns, nameAndAddressValues } from "~/components/databases/data-list";
import { locationInput } from "~/modules/databases";
import { addLocation, listLocations, removeLocation, updateLocation } from "~/modules/databases/index.server";

export const handle = { titleKey: "databases:sections.locations.title" };

export const loader = nameListLoader(listLocations);
export const action = entityAction({ add: addLocation, update: updateLocation, remove: removeLocation });

export default function Locations() {
  const { list, canWrite } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <DataList
      schema={locationInput}
      title={t("databases:sections.locations.title")}
      entity="locations"
      columns={nameAndAddressColumns(t)}
      edges={list.edges}
      pageInfo={list.pageInfo}
      canWrite={canWrite}
      fields={[{ name: "name", label: t("databases:fields.name"), required: true }, ...addressFields(t, true)]}
      valuesOf={nameAndAddressValues}
    />
  );
}
