import { AlertDialog } from "radix-ui";
import type { ReactNode } from "react";
import { overlay, panel } from "~/components/ui/dialog-style";
import { Button } from "./form";

type ButtonVariant = "primary" | "secondary" | "danger";

/**
 * A step that cannot be taken back, asked first: its trigger opens a dialog with what it means, a
 * way back (focused first, radix AlertDialog) and the step itself. `testId` names the dialog;
 * its buttons are `${buttonsTestId}-cancel` and `${buttonsTestId}-confirm` (by default the
 * dialog's name) unless named otherwise.
 */
export function ConfirmDialog({
  trigger,
  title,
  description,
  cancelLabel,
  confirmLabel,
  onConfirm,
  confirmVariant = "primary",
  cancelVariant = "secondary",
  testId,
  buttonsTestId = testId,
  confirmTestId = `${buttonsTestId}-confirm`,
  cancelTestId = `${buttonsTestId}-cancel`,
  large = false,
}: {
  trigger: ReactNode;
  title: string;
  description: ReactNode;
  cancelLabel: string;
  confirmLabel: string;
  onConfirm: () => void;
  confirmVariant?: ButtonVariant;
  cancelVariant?: ButtonVariant;
  testId: string;
  buttonsTestId?: string;
  confirmTestId?: string;
  cancelTestId?: string;
  /** Touch-sized buttons, stacked on a phone (the candidate's screens). */
  large?: boolean;
}) {
  const size = large ? "min-h-11" : undefined;
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={overlay} />
        <AlertDialog.Content className={panel} data-testid={testId}>
          <AlertDialog.Title className="mb-2 text-lg font-semibold text-primary">{title}</AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div className="mb-4 flex flex-col gap-2 text-sm text-slate-700">{description}</div>
          </AlertDialog.Description>
          <div className={large ? "flex flex-col-reverse gap-2 sm:flex-row sm:justify-end" : "flex justify-end gap-2"}>
            <AlertDialog.Cancel asChild>
              <Button variant={cancelVariant} className={size} data-testid={cancelTestId}>
                {cancelLabel}
              </Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <Button variant={confirmVariant} className={size} data-testid={confirmTestId} onClick={onConfirm}>
                {confirmLabel}
              </Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
