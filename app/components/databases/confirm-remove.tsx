import { AlertDialog } from "radix-ui";
import { type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { focusOpenerOnClose, useIntentDialog, type OpenedDialog } from "../ui/use-intent-dialog";
import { Alert, Button } from "../ui/form";
import { ReferenceList } from "../ui/reference-list";
import { overlay, panel } from "~/components/ui/dialog-style";

/**
 * Removal after confirming. When the server refuses because something still uses the object, the
 * dialog stays open and lists what uses it.
 */
export function ConfirmRemove({
  title,
  description,
  details,
  id,
  intent = "remove",
  opened,
}: {
  /** Opened by its list's row button (useListDialog). */
  opened: OpenedDialog;
  title: string;
  description: string;
  /** What else goes with the object (e.g. a category's subtree). */
  details?: ReactNode;
  id: string;
  intent?: string;
}) {
  const { t } = useTranslation();
  const { fetcher, result, action: pathname, rootProps } = useIntentDialog(`${intent}-${id}`, opened);
  return (
    <AlertDialog.Root {...rootProps}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={overlay} />
        <AlertDialog.Content className={panel} onCloseAutoFocus={focusOpenerOnClose(opened)}>
          <AlertDialog.Title className="mb-2 text-lg font-semibold text-primary">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mb-4 text-sm text-slate-700">{description}</AlertDialog.Description>
          {details ? <div className="mb-4 text-sm">{details}</div> : null}
          {result && !result.ok ? (
            <div className="mb-4 flex flex-col gap-2" data-testid="remove-refused">
              <Alert>{result.message}</Alert>
              {result.references.length > 0 ? (
                <>
                  <p className="text-sm font-medium">{t("databases:remove.used-by")}</p>
                  <ReferenceList references={result.references} />
                </>
              ) : null}
            </div>
          ) : null}
          <fetcher.Form method="post" action={pathname} className="flex justify-end gap-2">
            <input type="hidden" name="intent" value={intent} />
            <input type="hidden" name="id" value={id} />
            <AlertDialog.Cancel asChild>
              <Button variant="secondary">{t("databases:form.cancel")}</Button>
            </AlertDialog.Cancel>
            {result && !result.ok ? null : (
              <Button type="submit" variant="danger" disabled={fetcher.state !== "idle"}>
                {t("databases:remove.confirm")}
              </Button>
            )}
          </fetcher.Form>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
