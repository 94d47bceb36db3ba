import { useBeforeUnload, useBlocker } from "@remix-run/react";
import { AlertDialog } from "radix-ui";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "./form";

/**
 * Keeps an author from losing work: while `dirty`, leaving the page (a link, the back button, or
 * closing the tab) asks first. Staying on the same path (saving the form, a redirect to itself) is
 * never held up.
 */
export function UnsavedChangesGuard({ dirty }: { dirty: boolean }) {
  const { t } = useTranslation();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useBeforeUnload(
    useCallback(
      (event: BeforeUnloadEvent) => {
        if (!dirty) return;
        event.preventDefault();
        event.returnValue = ""; // older browsers need it set to show their own prompt
      },
      [dirty],
    ),
  );
  if (blocker.state !== "blocked") return null;
  return (
    <AlertDialog.Root open onOpenChange={(open) => (open ? undefined : blocker.reset())}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl focus:outline-none">
          <AlertDialog.Title className="mb-2 text-lg font-semibold text-primary">
            {t("common:unsaved.title")}
          </AlertDialog.Title>
          <AlertDialog.Description className="mb-4 text-sm text-slate-700">
            {t("common:unsaved.text")}
          </AlertDialog.Description>
          <div className="flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary">{t("common:unsaved.stay")}</Button>
            </AlertDialog.Cancel>
            {/* Not an AlertDialog.Action: closing the dialog would reset the blocker after proceeding. */}
            <Button variant="danger" onClick={() => blocker.proceed()}>
              {t("common:unsaved.leave")}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/** Whether `snapshot` differs from what it was on the first render (a form's "changed since loaded"). */
export function useChangedSince(snapshot: unknown): boolean {
  const [initial] = useState(() => JSON.stringify(snapshot));
  return JSON.stringify(snapshot) !== initial;
}
