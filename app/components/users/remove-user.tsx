import { AlertDialog } from "radix-ui";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { focusOpenerOnClose, useIntentDialog, type OpenedDialog } from "../ui/use-intent-dialog";
import { overlay, panel } from "~/components/ui/dialog-style";
import { Alert, Button, FieldLabel, fieldInputClass } from "../ui/form";

type Colleague = { id: string; name: string; email: string };

/**
 * Removing a staff user after confirming. When they still own content or run scheduled sessions
 * the server lists those; the dialog then asks who takes them over and removes on the second try.
 */
export function RemoveUser({
  opened,
  user,
  colleagues,
}: {
  /** Opened by its list's row button (useListDialog). */
  opened: OpenedDialog;
  user: { id: string; name: string };
  colleagues: Colleague[];
}) {
  const { t } = useTranslation();
  const { fetcher, result, action: pathname, rootProps } = useIntentDialog(`remove-user-${user.id}`, opened);
  const heirId = useId();
  const refused = result && !result.ok ? result : null;
  const handOver = !!refused && refused.references.length > 0;
  const others = colleagues.filter((c) => c.id !== user.id);
  const shown = refused?.references.slice(0, 10) ?? [];
  return (
    <AlertDialog.Root {...rootProps}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={overlay} />
        <AlertDialog.Content className={panel} onCloseAutoFocus={focusOpenerOnClose(opened)}>
          <AlertDialog.Title className="mb-2 text-lg font-semibold text-primary">
            {t("users:remove.title", { name: user.name })}
          </AlertDialog.Title>
          <AlertDialog.Description className="mb-4 text-sm text-slate-700">
            {handOver
              ? t("users:remove.hand-over", { name: user.name })
              : t("users:remove.description", { name: user.name })}
          </AlertDialog.Description>
          {refused && !handOver ? (
            <div className="mb-4">
              <Alert>{refused.message}</Alert>
            </div>
          ) : null}
          {handOver ? (
            <ul className="mb-4 list-disc pl-6 text-sm" data-testid="user-references">
              {shown.map((r) => (
                <li key={`${r.type}-${r.id}`}>
                  {r.title}{" "}
                  <span className="text-slate-500">({t(`users:types.${r.type}`, { defaultValue: r.type })})</span>
                </li>
              ))}
              {refused!.references.length > shown.length ? (
                <li>{t("users:remove.more", { count: refused!.references.length - shown.length })}</li>
              ) : null}
            </ul>
          ) : null}
          <fetcher.Form method="post" action={pathname} className="flex flex-col gap-4">
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="id" value={user.id} />
            <input type="hidden" name="name" value={user.name} />
            {handOver ? (
              <div className="flex flex-col gap-1">
                <FieldLabel htmlFor={heirId}>{t("users:remove.heir")}</FieldLabel>
                <select
                  id={heirId}
                  name="handOverTo"
                  required
                  defaultValue=""
                  className={fieldInputClass(!!refused?.fieldErrors.handOverTo)}
                >
                  <option value="" disabled>
                    {t("users:remove.heir-placeholder")}
                  </option>
                  {others.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name} ({c.email})
                    </option>
                  ))}
                </select>
                {refused?.fieldErrors.handOverTo ? (
                  <p className="text-sm text-red-700">{refused.fieldErrors.handOverTo}</p>
                ) : null}
              </div>
            ) : null}
            <div className="flex justify-end gap-2">
              <AlertDialog.Cancel asChild>
                <Button variant="secondary">{t("users:cancel")}</Button>
              </AlertDialog.Cancel>
              {refused && !handOver ? null : (
                <Button type="submit" variant="danger" disabled={fetcher.state !== "idle"}>
                  {handOver ? t("users:remove.confirm-hand-over") : t("users:remove.confirm")}
                </Button>
              )}
            </div>
          </fetcher.Form>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
