import { Link, useFetcher } from "@remix-run/react";
import { AlertDialog } from "radix-ui";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { overlay, panel } from "~/components/ui/dialog-style";
import { Alert, Button, IntentButton } from "~/components/ui/form";
import type { ScheduledSessionStatus } from "~db/tenant/schema";
import type { PlanFormData } from "~/modules/scheduling/index.server";
import { canChangeStatus } from "~/modules/scheduling";

const planAction = (id: string) => `/admin/scheduledsessions/plan?id=${encodeURIComponent(id)}`;

/**
 * Order, cancel and remove for a planned session. Cancelling and removing are asked once more in a
 * dialog; a removal that would take participant entries along lists them (those holding answers
 * marked) before the final "Remove all".
 */
export function SessionActions({
  session,
}: {
  session: { _id: string; reference: string; status: ScheduledSessionStatus; participantCount: number };
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap gap-2" data-testid="session-actions">
      <Link
        to={`/admin/scheduledsessions/order/${session._id}`}
        className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm hover:bg-slate-50"
      >
        {t("scheduling:list.order")}
      </Link>
      {session.status !== "CANCELED" && canChangeStatus(session.status, "CANCELED") ? (
        <CancelSession id={session._id} reference={session.reference} />
      ) : null}
      <RemoveSession id={session._id} reference={session.reference} participantCount={session.participantCount} />
    </div>
  );
}

function ConfirmDialog({
  trigger,
  title,
  children,
  open,
  onOpenChange,
}: {
  trigger: ReactNode;
  title: string;
  children: ReactNode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={overlay} />
        <AlertDialog.Content className={panel}>
          <AlertDialog.Title className="mb-2 text-lg font-semibold text-primary">{title}</AlertDialog.Title>
          {children}
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

function CancelSession({ id, reference }: { id: string; reference: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<PlanFormData>();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      title={t("scheduling:plan.cancel-title", { reference })}
      trigger={<Button variant="secondary">{t("scheduling:plan.cancel-session")}</Button>}
    >
      <AlertDialog.Description className="mb-4 text-sm text-slate-700">
        {t("scheduling:plan.cancel-text")}
      </AlertDialog.Description>
      {fetcher.data?.error ? <Alert>{fetcher.data.error}</Alert> : null}
      <fetcher.Form method="post" action={planAction(id)} className="mt-4 flex flex-wrap justify-end gap-2">
        <input type="hidden" name="id" value={id} />
        <AlertDialog.Cancel asChild>
          <Button variant="secondary">{t("scheduling:plan.keep")}</Button>
        </AlertDialog.Cancel>
        <IntentButton intent="cancel" variant="danger" disabled={fetcher.state !== "idle"}>
          {t("scheduling:plan.cancel-confirm")}
        </IntentButton>
      </fetcher.Form>
    </ConfirmDialog>
  );
}

function RemoveSession({
  id,
  reference,
  participantCount,
}: {
  id: string;
  reference: string;
  participantCount: number;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // A new fetcher each time the dialog opens, so an earlier answer does not linger.
  const [round, setRound] = useState(0);
  const fetcher = useFetcher<PlanFormData>({ key: `remove-scheduled-${id}-${round}` });
  const references = fetcher.data?.confirm;
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (next) setRound((r) => r + 1);
        setOpen(next);
      }}
      title={t("scheduling:plan.remove-title", { reference })}
      trigger={<Button variant="danger">{t("scheduling:plan.remove-session")}</Button>}
    >
      <AlertDialog.Description className="mb-2 text-sm text-slate-700">
        {t("scheduling:plan.remove-text")}{" "}
        {participantCount > 0 ? t("scheduling:plan.remove-entries", { count: participantCount }) : null}
      </AlertDialog.Description>
      {fetcher.data?.error ? <Alert>{fetcher.data.error}</Alert> : null}
      {references ? (
        <div data-testid="remove-confirmation">
          <p className="text-sm font-medium">{t("scheduling:plan.confirm-text")}</p>
          <ul className="my-2 list-disc pl-6 text-sm">
            {references.map((r) => (
              <li key={r.id} className={r.canBeSafelyRemoved ? "" : "font-medium text-red-800"}>
                {r.title} —{" "}
                {r.type !== "ScheduledSessionParticipantEntry"
                  ? t(`scheduling:plan.result-lost.${r.type}`)
                  : r.canBeSafelyRemoved
                    ? t("scheduling:plan.safe")
                    : t("scheduling:plan.has-data")}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <fetcher.Form method="post" action={planAction(id)} className="mt-4 flex flex-wrap justify-end gap-2">
        <input type="hidden" name="id" value={id} />
        {references?.map((r) => (
          <input key={r.id} type="hidden" name="removeReferences" value={r.id} />
        ))}
        <AlertDialog.Cancel asChild>
          <Button variant="secondary">{t("scheduling:plan.keep")}</Button>
        </AlertDialog.Cancel>
        <IntentButton intent="remove" variant="danger" disabled={fetcher.state !== "idle"}>
          {references ? t("scheduling:plan.confirm") : t("scheduling:plan.remove-session")}
        </IntentButton>
      </fetcher.Form>
    </ConfirmDialog>
  );
}
