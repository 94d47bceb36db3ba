import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Reference } from "~/lib/app-error";

/**
 * Where each kind of object is looked at: its editor, or its list searched for it. (A category's
 * page needs its whole path of parents, which a reference does not carry: no link.)
 */
const HREF: Record<string, (r: Reference) => string> = {
  Participant: (r) => `/admin/databases/participants?q=${encodeURIComponent(r.title)}`,
  Company: (r) => `/admin/databases/companies?q=${encodeURIComponent(r.title)}`,
  SupplyObject: (r) => `/admin/databases/supplies?q=${encodeURIComponent(r.title)}`,
  Location: (r) => `/admin/databases/locations?q=${encodeURIComponent(r.title)}`,
  Context: (r) => `/admin/databases/contexts?q=${encodeURIComponent(r.title)}`,
  Question: (r) => `/admin/assessments/questions/edit/${encodeURIComponent(r.id)}`,
  Evaluation: (r) => `/admin/assessments/evaluations/edit/${encodeURIComponent(r.id)}`,
  Session: (r) => `/admin/assessments/sessions/edit/${encodeURIComponent(r.id)}`,
  ScheduledSession: (r) => `/admin/scheduledsessions?overview=${encodeURIComponent(r.id)}`,
};

/**
 * What still uses an object that cannot be removed: each one a link to it (opened in a new tab, so
 * the dialog's page stays), with its kind in the reader's language, never the API's type name.
 */
export function ReferenceList({ references }: { references: Reference[] }) {
  const { t } = useTranslation();
  return (
    <ul className="mt-1 list-disc pl-5 text-sm" data-testid="references">
      {references.map((r) => {
        const href = HREF[r.type]?.(r);
        const kind = t(`databases:types.${r.type}`, { defaultValue: t("databases:types.other") });
        return (
          <li key={`${r.type}-${r.id}`}>
            {href ? (
              <Link to={href} target="_blank" rel="noopener" className="text-primary underline">
                {r.title}
              </Link>
            ) : (
              r.title
            )}{" "}
            <span className="text-slate-600">({kind})</span>
          </li>
        );
      })}
    </ul>
  );
}
