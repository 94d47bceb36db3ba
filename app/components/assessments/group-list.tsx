import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/form";
import {
  AssessmentsPager,
  ListToolbar,
  Modal,
  PageHeader,
  PrivateBadge,
  RemoveButton,
  type PageInfo,
} from "./screen-parts";

type Item = {
  _id: string;
  name: string;
  visibility: string;
  owner: { name: string };
  access: { canEdit: boolean };
};

/**
 * The list screen of evaluations and of session templates: one row an item with its summary, a
 * dialog with its details, and edit and remove for those who may edit it.
 */
export function GroupList<T extends Item>({
  section,
  newLabel,
  edges,
  pageInfo,
  categoryOptions,
  canWrite,
  summary,
  details,
  actions,
  rowActions,
}: {
  /** The path segment under /admin/assessments and the key of the section's title. */
  section: "evaluations" | "sessions";
  newLabel: string;
  edges: Array<{ node: T }>;
  pageInfo: PageInfo;
  categoryOptions: Array<{ _id: string; path: string }>;
  canWrite: boolean;
  summary: (item: T) => ReactNode;
  details: (item: T) => ReactNode;
  /** More buttons beside "new" (e.g. the QTI import). */
  actions?: ReactNode;
  /** More actions of a row, before edit (e.g. the QTI export). */
  rowActions?: (item: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const base = `/admin/assessments/${section}`;
  return (
    <div>
      <PageHeader
        title={t(`assessments:sections.${section}.title`)}
        back="/admin/assessments"
        backLabel={t("assessments:entry.title")}
      >
        {canWrite ? (
          <Link
            to={`${base}/create`}
            className="rounded-md bg-primary px-4 py-2 text-sm font-medium text-white no-underline hover:bg-primary-hover"
          >
            {newLabel}
          </Link>
        ) : null}
        {actions}
      </PageHeader>
      <ListToolbar categoryOptions={categoryOptions} />
      {edges.length === 0 ? <p className="text-slate-500">{t("assessments:list.empty")}</p> : null}
      <ul className="flex flex-col gap-2">
        {edges.map(({ node: item }) => (
          <li
            key={item._id}
            className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3"
          >
            <div className="min-w-0 flex-1">
              <p className="font-medium">
                {item.name}
                <PrivateBadge visibility={item.visibility} />
              </p>
              <p className="text-sm text-slate-600">
                {summary(item)} · {item.owner.name}
              </p>
            </div>
            <Modal
              title={item.name}
              trigger={
                <Button variant="ghost" className="!px-2 !py-1">
                  {t("assessments:actions.view")}
                </Button>
              }
            >
              {details(item)}
            </Modal>
            {rowActions?.(item)}
            {item.access.canEdit ? (
              <Link to={`${base}/edit/${item._id}`} className="px-2 text-sm">
                {t("assessments:actions.edit")}
              </Link>
            ) : null}
            {item.access.canEdit ? <RemoveButton id={item._id} name={item.name} /> : null}
          </li>
        ))}
      </ul>
      <AssessmentsPager pageInfo={pageInfo} />
    </div>
  );
}
