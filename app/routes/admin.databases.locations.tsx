import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { addressFields, DataList, formatAddress } from "~/components/databases/data-list";
import { locationInput } from "~/modules/databases";
import { requireStaffContext } from "~/modules/auth/index.server";
import {
  addLocation,
  listLocations,
  removeLocation,
  updateLocation,
  entityIntents,
  nameListScreen,
} from "~/modules/databases/index.server";
import { runIntent } from "~/lib/intent-action.server";

export const handle = { titleKey: "databases:sections.locations.title" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await requireStaffContext(request, context);
  return nameListScreen(ctx, request, listLocations);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = await requireStaffContext(request, context);
  return runIntent(ctx, request, {
    ...entityIntents(ctx, { add: addLocation, update: updateLocation, remove: removeLocation }),
  });
}

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
