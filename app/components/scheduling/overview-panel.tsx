import { Dialog } from "radix-ui";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { overlay } from "~/components/ui/dialog-style";
import { Button } from "~/components/ui/form";

/** The scrolling, centred panel of an overview dialog (a session's, a template's), over the page. */
export function OverviewPanel({
  width,
  padding,
  testId,
  children,
}: {
  /** Tailwind width class of the panel. */
  width: string;
  /** Tailwind padding classes of the panel. */
  padding: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Dialog.Portal>
      <Dialog.Overlay className={overlay} />
      <Dialog.Content
        className={`fixed left-1/2 top-1/2 z-50 max-h-[90vh] ${width} -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white ${padding} shadow-xl`}
        data-testid={testId}
      >
        {children}
      </Dialog.Content>
    </Dialog.Portal>
  );
}

/** The overview's way out. */
export function CloseOverview() {
  const { t } = useTranslation();
  return (
    <Dialog.Close asChild>
      <Button variant="secondary">{t("scheduling:overview.close")}</Button>
    </Dialog.Close>
  );
}
