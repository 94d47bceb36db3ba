import { AlertDialog } from "radix-ui";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { overlay, panel } from "../databases/entity-dialog";
import { Button } from "../ui/form";

/** A button that asks first (start and complete change the session for everybody). */
export function ConfirmAction({
  label,
  title,
  description,
  onConfirm,
  testId,
  variant = "primary",
}: {
  label: string;
  title: string;
  description: string;
  onConfirm: () => void;
  testId: string;
  variant?: "primary" | "danger";
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <AlertDialog.Root open={open} onOpenChange={setOpen}>
      <AlertDialog.Trigger asChild>
        <Button variant={variant} data-testid={testId}>
          {label}
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={overlay} />
        <AlertDialog.Content className={panel}>
          <AlertDialog.Title className="mb-2 text-lg font-semibold text-primary">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mb-4 text-sm text-slate-700">{description}</AlertDialog.Description>
          <div className="flex justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary">{t("live:dashboard.cancel")}</Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <Button variant={variant} data-testid={`${testId}-confirm`} onClick={onConfirm}>
                {label}
              </Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
