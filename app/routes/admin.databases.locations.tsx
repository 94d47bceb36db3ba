import { entityAction, nameListLoader } from "./admin.databases+shared/entity-routes.server";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { addressFields, DataList, formatAddress } from "~/components/databases/data-list";
import { locationInput } from "~/modules/databases/entity-inputs";
import { addLocation, listLocations, removeLocation, updateLocation } from "~/modules/databases/locations.server";

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
      columns={[
        { key: "name", label: t("databases:fields.name"), sort: "NAME", render: (r) => r.name },
        { key: "address", label: t("databases:fields.address.label"), render: (r) => formatAddress(r.address) },
      ]}
      edges={list.edges}
      pageInfo={list.pageInfo}
      canWrite={canWrite}
      fields={[{ name: "name", label: t("databases:fields.name"), required: true }, ...addressFields(t, true)]}
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
