import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../ui/confirm-dialog";
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
  return (
    <ConfirmDialog
      trigger={
        <Button variant={variant} data-testid={testId}>
          {label}
        </Button>
      }
      testId={`${testId}-dialog`}
      confirmTestId={`${testId}-confirm`}
      title={title}
      description={description}
      cancelLabel={t("live:dashboard.cancel")}
      confirmLabel={label}
      confirmVariant={variant}
      onConfirm={onConfirm}
    />
  );
}
