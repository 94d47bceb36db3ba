import { Link } from "@remix-run/react";
import { Dialog } from "radix-ui";
import { CloseOverview, OverviewPanel } from "./overview-panel";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "~/lib/time-zone";
import type { sessionOverview } from "~/modules/scheduling/index.server";
import { StatusBadge } from "./status-badge";

type Overview = Awaited<ReturnType<typeof sessionOverview>>;

/** A scheduled session at a glance: its details, sign-up link and its participants' entries. */
export function SessionOverview({
  overview,
  timeZone,
  tenant,
  canWrite,
  onClose,
}: {
  overview: Overview;
  timeZone: string;
  tenant: string;
  canWrite: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <OverviewPanel width="w-[min(48rem,calc(100vw-2rem))]" padding="p-6" testId="overview">
        <Dialog.Title className="mb-3 text-lg font-semibold text-primary">
          {t("scheduling:overview.title", { reference: overview.session.reference })}
        </Dialog.Title>
        <Dialog.Description className="sr-only">{t("scheduling:overview.details")}</Dialog.Description>
        <dl className="mb-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="font-medium">{t("scheduling:fields.session")}</dt>
          <dd>{overview.session.sessionName}</dd>
          <dt className="font-medium">{t("scheduling:fields.datetime")}</dt>
          <dd>{formatDateTime(overview.session.datetime, locale, timeZone, { style: "full", withZone: true })}</dd>
          <dt className="font-medium">{t("scheduling:fields.location")}</dt>
          <dd>{overview.session.locationName ?? t("scheduling:overview.no-location")}</dd>
          <dt className="font-medium">{t("scheduling:fields.status")}</dt>
          <dd>
            <StatusBadge status={overview.session.status} />
          </dd>
          <dt className="font-medium">{t("scheduling:fields.assigned-user")}</dt>
          <dd>{overview.session.assignedUserName ?? t("scheduling:overview.nobody")}</dd>
          <dt className="font-medium">{t("scheduling:fields.login-code")}</dt>
          <dd className="font-mono" data-testid="overview-code">
            {overview.session.loginCode}
          </dd>
          <dt className="font-medium">{t("scheduling:plan.signup-link")}</dt>
          <dd className="break-all font-mono text-xs">{`/user/signup/${overview.session.loginCode}?tenant=${tenant}`}</dd>
          <dt className="font-medium">{t("scheduling:fields.options")}</dt>
          <dd>
            <ul>
              {(["allQuestionsInEvaluationShownByDefault", "enableAutoPauseOnHelpRequest"] as const).map((k) => (
                <li key={k}>
                  {t(`scheduling:options.${k}`)}
                  {t("common:colon")}
                  {overview.session.options[k] ? t("scheduling:overview.yes") : t("scheduling:overview.no")}
                </li>
              ))}
            </ul>
          </dd>
        </dl>
        <h2 className="mb-2 font-semibold">{t("scheduling:overview.entries")}</h2>
        {overview.entries.length === 0 ? (
          <p className="text-sm text-slate-600">{t("scheduling:overview.no-participants")}</p>
        ) : (
          <table className="w-full text-left text-sm">
            <thead>
              <tr>
                <th className="py-1 pr-3">{t("scheduling:order.participant")}</th>
                <th className="py-1 pr-3">{t("scheduling:overview.ready")}</th>
                <th className="py-1">{t("scheduling:overview.order")}</th>
              </tr>
            </thead>
            <tbody>
              {overview.entries.map((e) => (
                <tr key={e._id} className="border-t border-slate-100">
                  <td className="py-1 pr-3">
                    {e.participantName} <span className="text-slate-500">{e.participantEmail}</span>
                  </td>
                  <td className="py-1 pr-3">
                    {e.ready ? t("scheduling:overview.ready") : t("scheduling:overview.not-ready")}
                  </td>
                  <td className="py-1">
                    {e.sessionOrder.map((id) => overview.evaluations.find((x) => x.id === id)?.name ?? id).join(" → ")}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <div className="mt-4 flex flex-wrap justify-end gap-2">
          <Link
            className="rounded-md bg-primary px-4 py-2 text-sm text-white"
            to={`/admin/scheduledsessions/dashboard/${overview.session._id}`}
            data-testid="overview-live"
          >
            {t("live:dashboard.open")}
          </Link>
          {canWrite ? (
            <Link
              className="rounded-md border border-slate-300 px-4 py-2 text-sm"
              to={`/admin/scheduledsessions/order/${overview.session._id}`}
            >
              {t("scheduling:list.order")}
            </Link>
          ) : null}
          <CloseOverview />
        </div>
      </OverviewPanel>
    </Dialog.Root>
  );
}
