import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LOCALE_NAMES, SUPPORTED_LOCALES } from "~/i18n/config";
import { DataList } from "~/components/databases/data-list";
import { ImportDialog } from "~/components/databases/import-dialog";
import { CompanySelect } from "~/components/databases/reference-selects";
import { participantInput } from "~/modules/databases";
import { requireStaffContext } from "~/modules/auth/index.server";
import {
  companiesByIds,
  importParticipantsCsv,
  previewImport,
  addParticipant,
  listParticipants,
  removeParticipant,
  updateParticipant,
  type ParticipantSort,
  canWrite,
} from "~/modules/databases/index.server";
import { listQuery, pageArgs, redirectPastLastPage } from "~/lib/list-query.server";
import { loadOrFail } from "~/lib/form-result.server";
import { csvImportIntents, entityAction } from "./admin.databases+shared/entity-routes.server";

export const handle = { titleKey: "databases:sections.participants.title" };

const SORTS: ParticipantSort[] = ["NAME", "EMAIL", "EXTERNAL_ID"];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await requireStaffContext(request, context);
  const query = listQuery(request, SORTS, "NAME");
  return loadOrFail(ctx, async () => {
    const list = await listParticipants(ctx, { ...pageArgs(query), filter: { search: query.q } });
    redirectPastLastPage(request, list.pageInfo);
    // Only the companies of this page: the company field searches the companies itself.
    const companies = await companiesByIds(
      ctx,
      list.edges.flatMap((e) => (e.node.companyId ? [e.node.companyId] : [])),
    );
    return {
      list,
      companyNames: Object.fromEntries([...companies].map(([id, c]) => [id, c.name])),
      canWrite: canWrite(ctx),
    };
  });
}

export const action = entityAction(
  { add: addParticipant, update: updateParticipant, remove: removeParticipant },
  (ctx) => csvImportIntents(ctx, previewImport, importParticipantsCsv),
);

export default function Participants() {
  const { list, companyNames, canWrite } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <DataList
      schema={participantInput}
      title={t("databases:sections.participants.title")}
      entity="participants"
      columns={[
        { key: "name", label: t("databases:fields.name"), sort: "NAME", render: (r) => r.name },
        { key: "email", label: t("databases:fields.email"), sort: "EMAIL", render: (r) => r.email },
        {
          key: "externalId",
          label: t("databases:fields.externalId"),
          sort: "EXTERNAL_ID",
          render: (r) => r.externalId,
        },
        { key: "phone", label: t("databases:fields.phone"), render: (r) => r.phone },
        {
          key: "language",
          label: t("databases:fields.language"),
          render: (r) => (r.language ? LOCALE_NAMES[r.language] : ""),
        },
        {
          key: "company",
          label: t("databases:fields.company"),
          render: (r) => (r.companyId ? companyNames[r.companyId] : ""),
        },
      ]}
      edges={list.edges}
      pageInfo={list.pageInfo}
      canWrite={canWrite}
      headerExtra={canWrite ? <ImportDialog kind="participants" /> : null}
      fields={[
        { name: "name", label: t("databases:fields.name"), required: true },
        { name: "email", label: t("databases:fields.email"), type: "email", required: true },
        { name: "phone", label: t("databases:fields.phone"), type: "tel" },
        { name: "externalId", label: t("databases:fields.externalId") },
        {
          name: "extraTimePercent",
          label: t("live:participant.extraTimePercent"),
          type: "number",
          hint: t("live:participant.extraTimePercentHint"),
        },
        {
          name: "language",
          label: t("databases:fields.language"),
          type: "select",
          options: [
            { value: "", label: t("databases:fields.language-organisation") },
            ...SUPPORTED_LOCALES.map((l) => ({ value: l, label: LOCALE_NAMES[l] })),
          ],
        },
        {
          name: "company",
          label: t("databases:fields.company"),
          render: (values, error) => (
            <CompanySelect
              name="company"
              label={t("databases:fields.company")}
              emptyLabel={t("databases:fields.no-company")}
              initial={values.company ? { id: values.company, label: values.companyName ?? values.company } : null}
              error={error}
              inline
            />
          ),
        },
      ]}
      valuesOf={(r) => ({
        name: r.name,
        email: r.email,
        phone: r.phone,
        externalId: r.externalId,
        extraTimePercent: String(r.extraTimePercent ?? 0),
        language: r.language ?? "",
        company: r.companyId,
        companyName: r.companyId ? companyNames[r.companyId] : null,
      })}
    />
  );
}
